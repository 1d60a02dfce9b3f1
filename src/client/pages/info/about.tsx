import { useTranslation } from 'react-i18next';
import { InfoPage } from '@client/components/layout/info-page';
import { type SectionSpec, useInfoSections } from './info-sections';

/** The sections in order; their texts are under `about.sections.<id>` in the info catalogue. */
const SECTIONS: readonly SectionSpec[] = [
  { id: 'what', body: ['p1', 'p2'] },
  { id: 'trust', body: [['i1', 'i2', 'i3']] },
  { id: 'sustainability', body: ['p1'] },
  { id: 'community', body: ['p1'] },
  { id: 'data', body: ['p1'] },
];

/** /about: what Threadswap is and why. */
export function AboutPage() {
  const { t } = useTranslation('info');
  const sections = useInfoSections('about', SECTIONS);
  return (
    <InfoPage
      testId="page-about"
      title={t('about.title')}
      description={t('about.description')}
      intro={t('about.intro')}
      sections={sections}
    />
  );
}
