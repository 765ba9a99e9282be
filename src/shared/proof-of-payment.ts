import { z } from 'zod';

/**
 * A proof of payment: the bank's PDF or a photo of the slip, which a buyer paying by bank transfer
 * may send with the order. Only the order desk opens the file; the buyer sees what they sent.
 */
export interface ProofOfPayment {
  id: string;
  /** The name the buyer's file had, cleaned up, with the extension of what it is. */
  fileName: string;
  sizeBytes: number;
  uploadedAt: string;
}

/** POST /api/profile/orders/:orderNumber/proof-of-payment: what was sent, and every proof the order has now. */
export interface ProofUploaded {
  message: string;
  proofsOfPayment: ProofOfPayment[];
}

export const PROOF_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const;
export type ProofType = (typeof PROOF_TYPES)[number];

/** What the browser's file input offers: the types, and their extensions for systems that go by those. */
export const PROOF_ACCEPT = [...PROOF_TYPES, '.pdf', '.jpg', '.jpeg', '.png', '.webp'].join(',');

/** A bank's PDF is well under 1 MB; a phone's photo of a slip can be 4 MB. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
/** A second transfer, or a better scan: more than that is a conversation with the shop. */
export const MAX_PROOFS_PER_ORDER = 3;
const MAX_NAME_LENGTH = 200;

const typeNames: Record<ProofType, string> = { 'application/pdf': 'PDF', 'image/jpeg': 'JPEG picture', 'image/png': 'PNG picture', 'image/webp': 'WebP picture' };

export const proofMessages = {
  tooLarge: 'A proof of payment can be at most 5 MB. Please send a smaller file or a photo of the slip.',
  wrongType: 'A proof of payment must be a PDF or a JPEG, PNG or WebP picture. Please send the PDF from your bank or a photo of the slip.',
  notWhatItSays: (type: ProofType) => `This file is not a real ${typeNames[type]}. Please send the PDF from your bank or a photo of the slip.`,
  empty: 'The file is empty. Please choose the PDF or the photo of your proof of payment.',
  name: `The file name can be at most ${MAX_NAME_LENGTH} characters. Please rename the file and send it again.`,
  tooMany: `An order can have at most ${MAX_PROOFS_PER_ORDER} proofs of payment, and this one has them. If something is still wrong, please contact us and quote your order number.`,
  uploaded: 'Thank you: we have your proof of payment. We send your flags once the money reflects in our account.',
} as const;

/** Query of the upload: the file's own name, which the body (the file itself) does not carry. */
export const proofUploadQuerySchema = z.object({
  name: z.string({ error: proofMessages.name }).max(MAX_NAME_LENGTH, proofMessages.name).optional(),
});

const startsWith = (head: Uint8Array, bytes: readonly number[], at = 0) => bytes.every((byte, index) => head[at + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

/**
 * What a file is by its first 12 bytes, whatever its name or declared type says: a PDF, a JPEG,
 * a PNG or a WebP picture; undefined for anything else.
 */
export function proofTypeOf(head: Uint8Array): ProofType | undefined {
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return undefined;
}

/** The declared type a proof may have ('image/png; charset=x' is image/png), or undefined. */
export function acceptedProofType(declared: string): ProofType | undefined {
  const type = declared.split(';')[0]!.trim().toLowerCase();
  return PROOF_TYPES.find((accepted) => accepted === type);
}

/** '812 bytes', '120 KB', '4.8 MB', '5 MB': as a file's size is shown beside its name. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
}
