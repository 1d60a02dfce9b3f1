import type { UseFormReturn } from 'react-hook-form';
import type { ItemFormOutput, ItemFormValues } from '../../item-form-schema';

/** The List Item form's react-hook-form handle, as each section of it receives it. */
export type ItemFormApi = UseFormReturn<ItemFormValues, unknown, ItemFormOutput>;
