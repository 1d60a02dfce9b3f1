import { useTranslation } from 'react-i18next';
import { InfoPage } from '@client/components/layout/info-page';
import { useCommunityRulesSection } from '@client/features/community';
import { FAQ_KEYS } from '../how-it-works';
import { type SectionSpec, useInfoSections } from './info-sections';

/** The sections in order; their texts are under `help.sections.<id>` in the info catalogue. */
const SECTIONS: readonly SectionSpec[] = [
  { id: 'faq' },
  { id: 'safety', body: [['i1', 'i2', 'i3', 'i4', 'i5']] },
  { id: 'shipping', body: ['p1', ['i1', 'i2', 'i3'], 'p2'] },
  { id: 'problems', body: [['i1', 'i2', 'i3']] },
  { id: 'contact', body: ['p1'] },
];

/** /help: the FAQ, safety tips, the shipping guide and what to do when a swap goes wrong. */
export function HelpPage() {
  const { t } = useTranslation('info');
  const sections = useInfoSections('help', SECTIONS, { faq: <FrequentQuestions /> });
  // The community's own rules first, as its admins wrote them.
  const rules = useCommunityRulesSection();
  return (
    <InfoPage
      testId="page-help"
      title={t('help.title')}
      description={t('help.description')}
      intro={t('help.intro')}
      sections={rules ? [rules, ...sections] : sections}
    />
  );
}

/** The How It Works page's questions and answers, as a list of definitions. */
function FrequentQuestions() {
  const { t } = useTranslation('howItWorks');
  return (
    <dl className="space-y-5">
      {FAQ_KEYS.map((key) => (
        <div key={key} className="space-y-1">
          <dt className="font-medium">{t(`faq.${key}.question`)}</dt>
          <dd className="text-muted-foreground">{t(`faq.${key}.answer`)}</dd>
        </div>
      ))}
    </dl>
  );
}
