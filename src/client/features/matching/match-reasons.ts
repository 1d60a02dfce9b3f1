import { DEFAULT_MATCH_REASON } from '@common/domain/matching';
import { matchReasons } from '@common/domain/match-display';
import { useTranslation } from 'react-i18next';

/**
 * The reasons to show for a match (matchReasons), with the default reason, which the client
 * supplies when the server gave none, in the language shown. The other reasons are the server's
 * texts and are shown as they come.
 */
export function useMatchReasons(): (reasoning: readonly string[]) => string[] {
  const { t } = useTranslation('matching');
  return (reasoning) =>
    matchReasons(reasoning).map((reason) =>
      reason === DEFAULT_MATCH_REASON ? t('smart.defaultReason') : reason,
    );
}
