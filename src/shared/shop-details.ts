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
