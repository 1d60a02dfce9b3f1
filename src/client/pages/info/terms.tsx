import { useTranslation } from 'react-i18next';
import { InfoPage } from '@client/components/layout/info-page';
import { useCommunityRulesSection } from '@client/features/community';
import { type SectionSpec, useInfoSections } from './info-sections';

/** The sections in order; their texts are under `terms.sections.<id>` in the info catalogue. */
const SECTIONS: readonly SectionSpec[] = [
  { id: 'membership', body: [['i1', 'i2', 'i3']] },
  { id: 'listings', body: [['i1', 'i2', 'i3']] },
  { id: 'swaps', body: [['i1', 'i2', 'i3', 'i4']] },
  { id: 'conduct', body: ['p1'] },
  { id: 'liability', body: ['p1'] },
];

/** /terms: the rules of using this Threadswap community. */
export function TermsPage() {
  const { t } = useTranslation('info');
  const sections = useInfoSections('terms', SECTIONS);
  // The community's own rules first, as its admins wrote them.
  const rules = useCommunityRulesSection();
  return (
    <InfoPage
      testId="page-terms"
      title={t('terms.title')}
      description={t('terms.description')}
      intro={t('terms.intro')}
      sections={rules ? [rules, ...sections] : sections}
    />
  );
}
