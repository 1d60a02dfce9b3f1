/**
 * What a field where a person types an amount says about it, in the community's currency and the
 * language shown: the currency named ('EUR (€)'), examples in its minor digits ('25 or 24.99';
 * yen '2500') and a limit written as money. The conversions are src/common/domain/currency.ts's.
 */
import {
  amountExamples,
  currencyLabel,
  currencyMinorDigits,
  currencySymbol,
  formatMoney,
} from '@common/domain/currency';
import { currentCurrency } from '@client/lib/community';
import { useFormat } from './format';
import { i18n, intlTag } from './index';

/** The interpolation values of an amount field's hint and messages ({{currency}}, {{whole}}, {{fraction}}, {{max}}). */
export function amountTextValues(
  currency: string = currentCurrency(),
  maxMinor?: number,
): {
  currency: string;
  whole: string;
  fraction: string;
  placeholder: string;
  max: string;
  whole_only: boolean;
} {
  const tag = intlTag();
  const examples = amountExamples(currency, tag);
  return {
    currency: currencyLabel(currency, tag),
    whole: examples.whole,
    fraction: examples.fraction ?? '',
    placeholder: examples.placeholder,
    max: maxMinor === undefined ? '' : formatMoney(maxMinor, currency, tag),
    whole_only: examples.fraction === null,
  };
}

/**
 * The message of a malformed amount: 'Enter an amount in EUR (€), like 25 or 24.99', or for a
 * currency without minor units 'Enter a whole amount in JPY (¥), like 2500'. `key` names the
 * namespace and key of the first; the second is the same key with `Whole` added.
 */
export function amountFormatMessage(key: string, currency: string = currentCurrency()): string {
  const values = amountTextValues(currency);
  return i18n.t(values.whole_only ? `${key}Whole` : key, values);
}

/**
 * An amount field as it is drawn, in the community's currency: its sign ('€'), its step (0.01
 * for euros, 1 for yen), its placeholder ('25.00', '2500') and its hint's values.
 */
export function useAmountField(): {
  currency: string;
  symbol: string;
  step: number;
  placeholder: string;
  values: ReturnType<typeof amountTextValues>;
} {
  const { currency, tag } = useFormat();
  const values = amountTextValues(currency);
  return {
    currency,
    symbol: currencySymbol(currency, tag),
    step: 10 ** -currencyMinorDigits(currency),
    placeholder: values.placeholder,
    values,
  };
}
