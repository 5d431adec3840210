import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

const from = 'Lending Marketplace <no-reply@lending-marketplace.example>';

/**
 * Mail through SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
 * under DATA_DIR/outbox (DESIGN §1).
 */
export class Mailer {
  private readonly transport: Transporter;
  constructor(
    smtpUrl: string | undefined,
    readonly outboxDir: string,
  ) {
    this.transport = smtpUrl
      ? nodemailer.createTransport(smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
    this.smtp = Boolean(smtpUrl);
  }
  private readonly smtp: boolean;

  async send(message: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from, ...message });
    if (this.smtp) return;
    fs.mkdirSync(this.outboxDir, { recursive: true });
    const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.hrtime.bigint()}-${safeTo}.eml`;
    fs.writeFileSync(path.join(this.outboxDir, name), (info as unknown as { message: Buffer }).message);
  }

  /** The newest outbox message to an address (tests and local use). */
  latestTo(address: string): string | undefined {
    if (!fs.existsSync(this.outboxDir)) return undefined;
    const safeTo = address.replace(/[^a-zA-Z0-9@._-]/g, '_');
    const files = fs
      .readdirSync(this.outboxDir)
      .filter((f) => f.endsWith(`-${safeTo}.eml`))
      .sort();
    const last = files.at(-1);
    return last ? fs.readFileSync(path.join(this.outboxDir, last), 'utf8') : undefined;
  }
}
