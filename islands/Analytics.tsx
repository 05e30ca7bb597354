// PROD analytics (docs/spec.md section 4 "Completion"): the merchant's tag manager container
// gets its start event, and confirming the quote pushes `transactionCreated` to its data
// layer. Only rendered when the merchant is PROD and has a container; renders nothing.
import { useEffect } from 'react';

export interface AnalyticsProps {
  /** The form whose submission confirms the quote. */
  formId: string;
  /** What the data layer receives on confirmation: figures of the quote, never the visitor's details. */
  transaction: {
    transactionId: string;
    transactionType: string;
    paymentMethod: string;
    fiatAmount: number;
    fiatCurrency: string;
    cryptoAmount: number;
    cryptoCurrency: string;
  };
}

type DataLayer = Record<string, unknown>[];

function dataLayer(): DataLayer {
  const w = window as unknown as { dataLayer?: DataLayer };
  w.dataLayer ??= [];
  return w.dataLayer;
}

export default function Analytics({ formId, transaction }: AnalyticsProps) {
  useEffect(() => {
    dataLayer().push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const form = document.getElementById(formId);
    if (!form) return;
    // Pushed synchronously: the tag manager sends what it needs before the page unloads.
    const onSubmit = () => void dataLayer().push({ event: 'transactionCreated', ...transaction });
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [formId, transaction]);
  return null;
}
