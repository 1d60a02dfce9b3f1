import { useTranslation } from 'react-i18next';
import { InfoPage } from '@client/components/layout/info-page';
import { type SectionSpec, useInfoSections } from './info-sections';

/** The sections in order; their texts are under `privacy.sections.<id>` in the info catalogue. */
const SECTIONS: readonly SectionSpec[] = [
  { id: 'what', body: [['i1', 'i2', 'i3', 'i4']] },
  { id: 'who', body: [['i1', 'i2', 'i3', 'i4']] },
  { id: 'cookies', body: ['p1'] },
  { id: 'logs', body: ['p1'] },
  { id: 'deletion', body: ['p1'] },
];

/** /privacy: what this Threadswap community stores about its members, and who sees it. */
export function PrivacyPage() {
  const { t } = useTranslation('info');
  const sections = useInfoSections('privacy', SECTIONS);
  return (
    <InfoPage
      testId="page-privacy"
      title={t('privacy.title')}
      description={t('privacy.description')}
      intro={t('privacy.intro')}
      sections={sections}
    />
  );
}
