import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InfoSection } from '@client/components/layout/info-page';

/**
 * One section of an information page: its anchor, and its body as the keys of its texts under
 * `<page>.sections.<id>` in the info catalogue, in order: a key is a paragraph, an array of keys
 * a bulleted list. A section without a body gets one from the page (`custom`).
 */
export interface SectionSpec {
  id: string;
  body?: ReadonlyArray<string | readonly string[]>;
}

/** The links the texts may hold, as `<howItWorks>How It Works</howItWorks>`. */
const LINKS = {
  howItWorks: <Link href="/how-it-works" />,
  help: <Link href="/help" />,
  privacy: <Link href="/privacy" />,
  // External sources credited on the About page (the towns' data and its licence).
  geonames: <a href="https://www.geonames.org/" rel="noreferrer" className="underline" />,
  ccby: (
    <a href="https://creativecommons.org/licenses/by/4.0/" rel="noreferrer license" className="underline" />
  ),
};

/** The sections of the info page `page` in the page's language. */
export function useInfoSections(
  page: string,
  specs: readonly SectionSpec[],
  custom: Readonly<Record<string, ReactNode>> = {},
): InfoSection[] {
  const { t } = useTranslation('info');
  return specs.map(({ id, body }) => {
    const text = (key: string) => (
      <Trans t={t} i18nKey={`${page}.sections.${id}.${key}`} components={LINKS} />
    );
    return {
      id,
      title: t(`${page}.sections.${id}.title`),
      body: body ? (
        <>
          {body.map((block) =>
            typeof block === 'string' ? (
              <p key={block}>{text(block)}</p>
            ) : (
              <ul key={block.join()}>
                {block.map((key) => (
                  <li key={key}>{text(key)}</li>
                ))}
              </ul>
            ),
          )}
        </>
      ) : (
        custom[id]
      ),
    };
  });
}
