import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentMeta } from '@client/lib/document-meta';
import { PageContainer } from './page-container';

export interface InfoSection {
  /** The anchor other pages link to (`/help#shipping`). */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A page of plain information (About, Help, Terms, Privacy, Accessibility): a heading, a short
 * introduction, and titled sections with anchors, listed at the top on wide screens.
 */
export function InfoPage({
  title,
  description,
  intro,
  sections,
  testId,
}: {
  title: string;
  /** The page's meta description. */
  description: string;
  intro: ReactNode;
  sections: readonly InfoSection[];
  testId: string;
}) {
  const { t } = useTranslation('layout');
  useDocumentMeta(title, description);
  return (
    <PageContainer className="py-10 sm:py-14" data-testid={testId}>
      <div className="grid gap-10 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('onThisPage')} className="hidden lg:block">
          <ul className="sticky top-24 space-y-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-muted-foreground hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article className="max-w-3xl space-y-8">
          <header className="space-y-3">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
            <div className="text-lg text-muted-foreground">{intro}</div>
          </header>
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24 space-y-3"
            >
              <h2 id={`${section.id}-title`} className="text-xl font-semibold">
                {section.title}
              </h2>
              <div className="space-y-3 leading-relaxed text-pretty [&_a]:text-primary [&_a]:underline [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5">
                {section.body}
              </div>
            </section>
          ))}
        </article>
      </div>
    </PageContainer>
  );
}
