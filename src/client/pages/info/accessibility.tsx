import { useTranslation } from 'react-i18next';
import { InfoPage } from '@client/components/layout/info-page';
import { type SectionSpec, useInfoSections } from './info-sections';

/** The sections in order; their texts are under `accessibility.sections.<id>` in the info catalogue. */
const SECTIONS: readonly SectionSpec[] = [
  { id: 'standard', body: ['p1'] },
  { id: 'how', body: [['i1', 'i2', 'i3', 'i4']] },
  { id: 'limits', body: [['i1', 'i2']] },
  { id: 'feedback', body: ['p1'] },
];

/** /accessibility: the accessibility statement. */
export function AccessibilityPage() {
  const { t } = useTranslation('info');
  const sections = useInfoSections('accessibility', SECTIONS);
  return (
    <InfoPage
      testId="page-accessibility"
      title={t('accessibility.title')}
      description={t('accessibility.description')}
      intro={t('accessibility.intro')}
      sections={sections}
    />
  );
}
