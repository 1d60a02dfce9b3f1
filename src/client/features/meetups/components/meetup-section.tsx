import { HANDOVER_CODE_LENGTH, MAX_MEETUP_PLACE_LENGTH } from '@common/api/meetups';
import { MEETUP_MAX_KM } from '@common/api/towns';
import { Handshake, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { useFormat } from '@client/i18n/format';
import { errorText } from '@client/lib/api-error';
import { useAnswerMeetup, useHandover, useMeetup, useProposeMeetup } from '../api';
import { HandoverQr } from './handover-qr';

/** Now, as a datetime-local input reads it (the browser's time zone, to the minute): no meet-up in the past. */
function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** The fragment of the trade page's URL that opens the receiver's handover form (the QR code's link). */
export const HANDOVER_HASH = '#handover';

/**
 * Meet-up and in-person handover for one accepted trade (docs/decisions/023): propose a public
 * place and time beside the safety tips, accept or decline the other's proposal, then at the
 * meet-up the giver shows their code (and its QR code) and the receiver enters it. Renders nothing
 * when the towns are unknown, too far apart, or the trade is not accepted.
 */
export function MeetupSection({ trade }: { trade: { id: string } }) {
  const { t } = useTranslation('meetups');
  const format = useFormat();
  const state = useMeetup(trade.id);
  const propose = useProposeMeetup(trade.id);
  const answer = useAnswerMeetup(trade.id);
  const handover = useHandover(trade.id);
  const [place, setPlace] = useState('');
  const [at, setAt] = useState('');
  const [code, setCode] = useState('');
  const [proposing, setProposing] = useState(false);
  const id = useId();
  const data = state.data;
  if (!data) return null;
  if (!data.available && !data.iHandedOver && !data.theyHandedOver) {
    return data.unavailableReason === 'too_far' || data.unavailableReason === 'no_town' ? (
      <p className="text-xs text-muted-foreground" data-testid={`meetup-unavailable-${trade.id}`}>
        {t(`unavailable.${data.unavailableReason}`, { km: MEETUP_MAX_KM })}
      </p>
    ) : null;
  }
  const meetup = data.meetup;
  const showForm = !meetup || meetup.status === 'declined' || proposing;
  const awaitingMe = meetup?.status === 'proposed' && !meetup.proposedByMe;
  const awaitingThem = meetup?.status === 'proposed' && meetup.proposedByMe;
  const agreed = meetup?.status === 'accepted';

  const submitProposal = (event: FormEvent) => {
    event.preventDefault();
    if (!place.trim() || !at) return;
    propose.mutate(
      { place: place.trim(), at: new Date(at).toISOString() },
      { onSuccess: () => setProposing(false) },
    );
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    handover.mutate(code.trim(), { onSuccess: () => setCode('') });
  };
  const arranging = !agreed && !data.iHandedOver && !data.theyHandedOver;
  const proposal = meetup ? (
    <div className="grid gap-2 text-sm" data-testid="meetup-proposal">
      <p>
        {t(`status.${meetup.status}`, {
          place: meetup.place,
          when: format.dateTime(meetup.at),
        })}
      </p>
      {awaitingMe ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            onClick={() => answer.mutate('accepted')}
            disabled={answer.isPending}
            data-testid="button-meetup-accept"
          >
            {t('accept')}
          </Button>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setProposing(true)}
            data-testid="button-meetup-suggest"
          >
            {t('suggestAnother')}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => answer.mutate('declined')}
            disabled={answer.isPending}
            data-testid="button-meetup-decline"
          >
            {t('decline')}
          </Button>
        </div>
      ) : null}
      {awaitingThem ? <p className="text-xs text-muted-foreground">{t('waiting')}</p> : null}
    </div>
  ) : null;
  const handoverUrl = `${window.location.origin}/trades/${trade.id}${HANDOVER_HASH}`;

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-3 rounded-lg border bg-muted/40 p-3"
      data-testid={`meetup-section-${trade.id}`}
    >
      <div className="grid gap-0.5">
        <h3 id={`${id}-heading`} className="flex items-center gap-2 text-sm font-semibold">
          <Handshake className="size-4 shrink-0 text-primary" aria-hidden="true" />
          {t('heading')}
        </h3>
        {data.distanceKm !== null ? (
          <p className="text-xs text-muted-foreground" data-testid="text-meetup-distance">
            {t('distance', { count: data.distanceKm })}
          </p>
        ) : null}
      </div>

      {arranging ? (
        // Until a place and time are agreed, the safety tips stand beside the proposal or the form
        // (above them on a phone, so that they are read first).
        <div className="grid gap-3 md:grid-cols-2 md:items-start">
          <aside
            className="rounded-md border bg-card p-3 text-sm md:order-last"
            aria-labelledby={`${id}-tips`}
            data-testid="meetup-safety-tips"
          >
            <h4 id={`${id}-tips`} className="mb-1 flex items-center gap-1.5 font-medium">
              <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
              {t('tips.heading')}
            </h4>
            <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
              <li>{t('tips.public')}</li>
              <li>{t('tips.daylight')}</li>
              <li>{t('tips.friend')}</li>
              <li>{t('tips.check')}</li>
            </ul>
          </aside>
          <div className="grid gap-3">
            {meetup && !showForm ? proposal : null}
            {showForm ? (
              <form
                onSubmit={submitProposal}
                className="grid gap-2"
                aria-label={t('formLabel')}
                data-testid="form-meetup"
              >
                <label htmlFor={`${id}-place`} className="text-sm font-medium">
                  {t('place')}
                </label>
                <Input
                  id={`${id}-place`}
                  value={place}
                  maxLength={MAX_MEETUP_PLACE_LENGTH}
                  onChange={(event) => setPlace(event.target.value)}
                  placeholder={t('placePlaceholder')}
                  required
                  data-testid="input-meetup-place"
                />
                <label htmlFor={`${id}-at`} className="text-sm font-medium">
                  {t('when')}
                </label>
                <Input
                  id={`${id}-at`}
                  type="datetime-local"
                  min={localNow()}
                  value={at}
                  onChange={(event) => setAt(event.target.value)}
                  required
                  aria-describedby={at ? `${id}-at-read` : undefined}
                  data-testid="input-meetup-at"
                />
                {at ? (
                  // The browser writes the field in its own locale (often US, 12-hour): the chosen
                  // time is read back in the member's language, as the proposal will show it.
                  <p
                    id={`${id}-at-read`}
                    className="text-xs text-muted-foreground"
                    data-testid="text-meetup-at-read"
                  >
                    {t('chosen', { when: format.dateTime(new Date(at)) })}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-2">
                  <Button
                    type="submit"
                    size="sm"
                    disabled={propose.isPending}
                    data-testid="button-meetup-propose"
                  >
                    {t('propose')}
                  </Button>
                  {proposing ? (
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      onClick={() => setProposing(false)}
                      data-testid="button-meetup-cancel-suggest"
                    >
                      {t('common:actions.cancel')}
                    </Button>
                  ) : null}
                </div>
              </form>
            ) : null}
          </div>
        </div>
      ) : meetup ? (
        proposal
      ) : null}

      {agreed ? (
        <div className="grid gap-3 md:grid-cols-2 md:items-start">
          {data.iHandedOver ? (
            <p className="text-sm" data-testid="meetup-i-handed-over">
              {t('iHandedOver')}
            </p>
          ) : data.myCode ? (
            <div className="grid gap-2" data-testid="meetup-my-code">
              <p className="text-sm">{t('showCode')}</p>
              <p
                className="font-mono text-2xl font-semibold tracking-[0.3em]"
                data-testid="text-handover-code"
              >
                {data.myCode}
              </p>
              <HandoverQr url={handoverUrl} label={t('qrLabel')} />
            </div>
          ) : null}
          {data.theyHandedOver ? (
            <p className="text-sm" data-testid="meetup-they-handed-over">
              {t('theyHandedOver')}
            </p>
          ) : (
            <form
              onSubmit={submitCode}
              className="grid gap-2"
              aria-label={t('codeFormLabel')}
              id="handover"
              data-testid="form-handover"
            >
              <label htmlFor={`${id}-code`} className="text-sm font-medium">
                {t('enterCode')}
              </label>
              <Input
                id={`${id}-code`}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]*"
                maxLength={HANDOVER_CODE_LENGTH}
                value={code}
                onChange={(event) => {
                  setCode(event.target.value.replace(/\D/g, ''));
                  if (handover.isError) handover.reset();
                }}
                aria-invalid={handover.isError || undefined}
                aria-describedby={handover.isError ? `${id}-code-error` : undefined}
                data-testid="input-handover-code"
              />
              {handover.isError ? (
                <p
                  id={`${id}-code-error`}
                  role="alert"
                  className="text-sm font-medium text-destructive"
                  data-testid="text-handover-error"
                >
                  {errorText(handover.error) ?? t('errorTitle')}
                </p>
              ) : null}
              <Button
                type="submit"
                size="sm"
                disabled={handover.isPending || code.length !== HANDOVER_CODE_LENGTH}
                data-testid="button-handover"
              >
                {t('confirmHandover')}
              </Button>
            </form>
          )}
        </div>
      ) : null}
    </section>
  );
}
