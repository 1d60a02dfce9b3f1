import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCommunity } from './community';

const SITE = 'Threadswap';

/** The page's `<title>` text: its own name, then the site's (the community's name, once known). */
export function documentTitle(title: string, site = SITE): string {
  return `${title} · ${site}`;
}

/**
 * Gives the page its own `<title>` and meta description (tabs, history, bookmarks and search
 * results name each page), and puts the site's back when it goes. Without a description the site's own (in the page's
 * language) is used.
 */
export function useDocumentMeta(title: string, ownDescription?: string) {
  const { t } = useTranslation('layout');
  const description = ownDescription ?? t('meta.description');
  const site = useCommunity()?.name ?? SITE;
  useEffect(() => {
    const previousTitle = document.title;
    document.title = documentTitle(title, site);
    const meta = describedBy();
    const previousDescription = meta.content;
    meta.content = description;
    return () => {
      document.title = previousTitle;
      meta.content = previousDescription;
    };
  }, [title, description, site]);
}

function describedBy(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}
