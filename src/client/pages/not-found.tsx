import { CircleExclamationPoint } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useDemoMode } from '@client/lib/session';

/** As docs/product.md (Screens) has it: any path outside the current route set. */
export function NotFoundPage() {
  const { t } = useTranslation('layout');
  useDocumentMeta(t('notFound.metaTitle'));
  const demo = useDemoMode();
  return (
    <div
      className="flex flex-1 items-center justify-center bg-gray-100 px-4 py-20"
      data-testid="page-not-found"
    >
      <Card className="w-full max-w-md">
        <CardContent className="space-y-4 pt-6">
          <div className="flex items-center gap-3">
            <CircleExclamationPoint className="size-8 shrink-0 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight">{t('notFound.title')}</h1>
          </div>
          <p className="text-sm text-muted-foreground" data-testid="text-not-found">
            {/* The note for developers shows only in a demo (DEMO on). */}
            {demo ? t('notFound.demoText') : t('notFound.text')}
          </p>
          <Button asChild variant="outline">
            <Link href="/">{t('notFound.backHome')}</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
