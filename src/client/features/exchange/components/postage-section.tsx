import type { ShippingAddress } from '@common/api/addresses';
import type { Ring } from '@common/api/rings';
import type { Shipment, TradeRequest } from '@common/api/trades';
import { displayName } from '@common/domain/display-name';
import { swapReference } from '@common/domain/swap-reference';
import { FileDown, MapPin, MapPinPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useMeetup } from '@client/features/meetups';
import { ringSlipUrl, tradeSlipUrl, useRecordRingShipment, useRecordTradeShipment } from '../api';
import { AddressDialog } from './address-dialog';
import { ShipmentLine, TrackingButton } from './tracking';

/** The states in which a swap's parcels are being sent: addresses, slips and tracking show. */
const SENDING = new Set(['accepted', 'disputed', 'completed']);

/** An address as a label reads, one line each, the country in the page's language. */
function AddressBlock({ address, testId }: { address: ShippingAddress; testId: string }) {
  const { i18n } = useTranslation();
  const country = new Intl.DisplayNames([i18n.language], { type: 'region' }).of(address.country);
  return (
    <address className="text-sm leading-relaxed not-italic" data-testid={testId}>
      {[
        address.name,
        address.line1,
        address.line2,
        `${address.postcode} ${address.city}`,
        country,
        address.phone,
      ]
        .filter(Boolean)
        .map((line) => (
          <span key={line} className="block break-words">
            {line}
          </span>
        ))}
    </address>
  );
}

interface SendingProps {
  swapId: string;
  status: string;
  reference: string;
  partnerName: string;
  recipientName: string;
  recipientAddress: ShippingAddress | null;
  needsAddress: boolean;
  slipUrl: string;
  itemTitles: string[];
  myShipment: Shipment | null;
  /** When the member marked their items sent (with tracking or not). */
  mySentAt: string | null;
  theirShipment?: { who: string; shipment: Shipment | null; sentAt: string | null };
  /**
   * The member sends nothing (a giveaway handover's receiver, a chain's last member): only the ask
   * for their address shows, and with `incoming` the state of the parcel coming to them.
   */
  receiveOnly?: boolean;
  /** A receive-only member's incoming parcel, with the prompt's wording (a chain's last member). */
  incoming?: { promptKey: 'prompt.chainEnd' };
  carrierCountry: string;
  save: (input: { carrier: Shipment['carrier']; trackingNumber: string }) => Promise<unknown>;
  pending: boolean;
}

/** The ask for the member's own address, with the dialog that records it. */
function AddressPrompt(props: {
  swapId: string;
  partnerName: string;
  /** The prompt, in the reader's language. */
  text: string;
}) {
  const { t } = useTranslation('exchange');
  const [asking, setAsking] = useState(false);
  const { swapId } = props;
  return (
    <div
      className="grid gap-2 rounded-md bg-accent p-3 text-sm"
      role="status"
      data-testid={`prompt-address-${swapId}`}
    >
      <p>{props.text}</p>
      <Button
        size="sm"
        className="justify-self-start"
        onClick={() => setAsking(true)}
        data-testid={`button-add-address-${swapId}`}
      >
        <MapPinPlus aria-hidden="true" />
        {t('prompt.add')}
      </Button>
      <AddressDialog open={asking} onOpenChange={setAsking} partnerName={props.partnerName} />
    </div>
  );
}

function Sending(props: SendingProps) {
  const { t } = useTranslation('exchange');
  const { swapId, recipientAddress } = props;
  // Once the swap completed there is nothing left to wait for: the section shows only while the
  // address is still shared (30 days), for a late parcel or a return.
  if (props.status === 'completed' && !recipientAddress) return null;
  const canRecord = props.status === 'accepted';
  // A giveaway handover's receiver sends nothing: only the ask for their own address.
  if (props.receiveOnly) {
    const incoming = props.incoming && props.theirShipment ? props.theirShipment : null;
    if (!props.needsAddress && !incoming) return null;
    return (
      <section
        className="grid gap-3 rounded-md border p-3"
        aria-labelledby={incoming ? `postage-title-${swapId}` : undefined}
        data-testid={`postage-${swapId}`}
      >
        {incoming ? (
          <h3 id={`postage-title-${swapId}`} className="flex items-center gap-1.5 text-sm font-semibold">
            <MapPin className="size-4 text-primary" aria-hidden="true" />
            {t('postage.receiveTitle', { name: props.partnerName })}
            <span className="font-mono text-xs font-normal text-muted-foreground">{props.reference}</span>
          </h3>
        ) : null}
        {props.needsAddress ? (
          <AddressPrompt
            swapId={swapId}
            partnerName={props.partnerName}
            text={t(props.incoming?.promptKey ?? 'prompt.gift', { name: props.partnerName })}
          />
        ) : null}
        {incoming ? (
          <ul className="grid gap-1.5 text-sm" aria-label={t('tracking.label')}>
            <ShipmentLine
              who={incoming.who}
              shipment={incoming.shipment}
              sentAt={incoming.sentAt}
              testId={`text-shipment-theirs-${swapId}`}
            />
          </ul>
        ) : null}
      </section>
    );
  }
  return (
    <section
      className="grid gap-3 rounded-md border p-3"
      aria-labelledby={`postage-title-${swapId}`}
      data-testid={`postage-${swapId}`}
    >
      <h3 id={`postage-title-${swapId}`} className="flex items-center gap-1.5 text-sm font-semibold">
        <MapPin className="size-4 text-primary" aria-hidden="true" />
        {t('postage.title', { name: props.recipientName })}
        <span className="font-mono text-xs font-normal text-muted-foreground">{props.reference}</span>
      </h3>
      {props.needsAddress ? (
        <AddressPrompt
          swapId={swapId}
          partnerName={props.partnerName}
          text={t('prompt.inline', { name: props.partnerName })}
        />
      ) : null}
      {recipientAddress ? (
        <div className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-start">
          <AddressBlock address={recipientAddress} testId={`recipient-address-${swapId}`} />
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <a href={props.slipUrl} download data-testid={`link-packing-slip-${swapId}`}>
              <FileDown aria-hidden="true" />
              {t('postage.slip')}
            </a>
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid={`recipient-address-missing-${swapId}`}>
          {t('postage.waitingForAddress', { name: props.recipientName })}
        </p>
      )}
      <ul className="grid gap-1.5 text-sm sm:grid-cols-2" aria-label={t('tracking.label')}>
        <ShipmentLine
          who={t('tracking.you')}
          shipment={props.myShipment}
          sentAt={props.mySentAt}
          testId={`text-shipment-mine-${swapId}`}
        />
        {props.theirShipment ? (
          <ShipmentLine
            who={props.theirShipment.who}
            shipment={props.theirShipment.shipment}
            sentAt={props.theirShipment.sentAt}
            testId={`text-shipment-theirs-${swapId}`}
          />
        ) : null}
      </ul>
      {canRecord ? (
        <TrackingButton
          swapId={swapId}
          current={props.myShipment}
          country={props.carrierCountry}
          itemTitles={props.itemTitles}
          partnerName={props.recipientName}
          save={props.save}
          pending={props.pending}
        />
      ) : null}
    </section>
  );
}

/**
 * Sending by post in a trade, as one party sees it once it is accepted: the address to send to (or a
 * wait for it), the packing slip, a prompt for the member's own address while they have none, and
 * both parcels' tracking with the form for their own. Nothing before acceptance.
 */
export function PostageSection({ trade }: { trade: TradeRequest }) {
  return SENDING.has(trade.status) ? <TradeSending trade={trade} /> : null;
}

function TradeSending({ trade }: { trade: TradeRequest }) {
  const record = useRecordTradeShipment();
  const meetup = useMeetup(trade.id);
  // Swapping in person: once a meet-up is agreed, the post (address, slip, tracking) steps aside,
  // unless a parcel was recorded before.
  const metUp = meetup.data?.meetup?.status === 'accepted';
  if (metUp && !trade.ownerShipment && !trade.requesterShipment) return null;
  const incoming = trade.side === 'incoming';
  const partner = incoming ? trade.requester : trade.owner;
  const partnerName = displayName(partner);
  const mine = incoming ? trade.requestedItems : trade.offeredItems;
  // A giveaway handover: the owner sends, the requester has nothing to send.
  const gift = trade.offeredItemId === null;
  return (
    <Sending
      receiveOnly={gift && !incoming}
      swapId={trade.id}
      status={trade.status}
      reference={swapReference('trade', trade.id)}
      partnerName={partnerName}
      recipientName={partnerName}
      recipientAddress={trade.recipientAddress}
      needsAddress={trade.needsAddress}
      slipUrl={tradeSlipUrl(trade.id)}
      itemTitles={mine.map((item) => item.title)}
      myShipment={incoming ? trade.ownerShipment : trade.requesterShipment}
      mySentAt={incoming ? trade.ownerSentAt : trade.requesterSentAt}
      theirShipment={
        gift && incoming
          ? undefined
          : {
              who: partnerName,
              shipment: incoming ? trade.requesterShipment : trade.ownerShipment,
              sentAt: incoming ? trade.requesterSentAt : trade.ownerSentAt,
            }
      }
      carrierCountry={trade.carrierCountry}
      save={(input) => record.mutateAsync({ id: trade.id, ...input })}
      pending={record.isPending}
    />
  );
}

/**
 * The same for the caller's own leg of a ring as giver: the receiver's address, the slip, tracking.
 * The member they receive from asks for the caller's address through `needsAddress`. A chain's last
 * member gives nothing: they are asked for their address and see the parcel coming to them; its
 * first giver receives nothing and sees only their own leg.
 */
export function RingPostageSection({ ring }: { ring: Ring }) {
  const record = useRecordRingShipment();
  if (!SENDING.has(ring.status)) return null;
  const give = ring.legs.find((leg) => leg.position === ring.myGiveLeg);
  const get = ring.legs.find((leg) => leg.position === ring.myGetLeg);
  if (!give && get) {
    const giverName = displayName(get.giver);
    return (
      <Sending
        receiveOnly
        incoming={{ promptKey: 'prompt.chainEnd' }}
        swapId={ring.id}
        status={ring.status}
        reference={swapReference('ring', ring.id)}
        partnerName={giverName}
        recipientName={giverName}
        recipientAddress={null}
        needsAddress={ring.needsAddress}
        slipUrl={ringSlipUrl(ring.id)}
        itemTitles={[]}
        myShipment={null}
        mySentAt={null}
        theirShipment={{ who: giverName, shipment: get.shipment, sentAt: get.sentAt }}
        carrierCountry={ring.carrierCountry}
        save={(input) => record.mutateAsync({ id: ring.id, ...input })}
        pending={record.isPending}
      />
    );
  }
  if (!give || !get) return null;
  const receiverName = displayName(give.receiver);
  return (
    <Sending
      swapId={ring.id}
      status={ring.status}
      reference={swapReference('ring', ring.id)}
      partnerName={displayName(get.giver)}
      recipientName={receiverName}
      recipientAddress={give.recipientAddress}
      needsAddress={ring.needsAddress}
      slipUrl={ringSlipUrl(ring.id)}
      itemTitles={[give.item.title]}
      myShipment={give.shipment}
      mySentAt={give.sentAt}
      theirShipment={{ who: displayName(get.giver), shipment: get.shipment, sentAt: get.sentAt }}
      carrierCountry={ring.carrierCountry}
      save={(input) => record.mutateAsync({ id: ring.id, ...input })}
      pending={record.isPending}
    />
  );
}
