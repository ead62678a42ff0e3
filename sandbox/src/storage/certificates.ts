/**
 * Certificates (spec 001 §7 "Certificates"): a few per files user, by status (1 obtained, 0 not yet), read
 * flags for the unread count, and a real one-page PDF made on request (the train and the learn PDF).
 */
export interface CertificateSeed {
  id: number;
  name: string;
  status: 0 | 1;
  kind: 'train' | 'learn';
  issuedAt: string | null;
  unlockable?: boolean;
}

export const CERTIFICATES: CertificateSeed[] = [
  { id: 9101, name: 'HR Manager Level 3 - Training Certificate', status: 1, kind: 'train', issuedAt: '2026-10-12' },
  { id: 9102, name: 'Accounting Basics - Learning Certificate', status: 1, kind: 'learn', issuedAt: '2026-11-02' },
  // conditions met, not yet created: the student fills the unlock fields, then creates it (spec 001 §7)
  { id: 9103, name: 'Recruitment Practice - Learning Certificate', status: 0, kind: 'learn', issuedAt: null, unlockable: true },
];

const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?');

/** A valid one-page PDF (PDF 1.4, Helvetica) with the given lines; byte offsets in the xref are exact. */
export function certificatePdf(lines: string[]): Buffer {
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 22 : 14} Tf 72 ${720 - i * 36} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The unlock fields of a certificate (spec 001 §7 `get/unlock/field`): what the student must give before
 * it can be created, in the custom-field definition shape the portal's dynamic-field kit reads.
 */
export const UNLOCK_FIELDS = [
  { id: 9901, fieldCode: 'cert_real_name', fieldName: '证书姓名', fieldType: 'text', length: 20, fieldTip: '与身份证一致，将印在证书上' },
  { id: 9902, fieldCode: 'cert_id_number', fieldName: '身份证号', fieldType: 'text', length: 18 },
];

/** 15 or 18 digits, the last of 18 may be X (spec 001 §5's ID number pattern). */
export const ID_NUMBER_RE = /^(\d{15}|\d{17}[\dXx])$/;
