/** The seller's legal and contact details (ECT Act s43), from configuration, shown in the footer, contact page and terms. */
export interface ShopDetails {
  name: string;
  legalName: string;
  registrationNumber: string;
  vatNumber: string;
  address: string;
  phone: string;
  email: string;
}

/** Ends a sentence after a name that may end in its own full stop ('Cape Flag Co.'), without doubling it. */
export function sentenceEndingWith(text: string): string {
  return text.endsWith('.') ? text : `${text}.`;
}
