/** What `npm start` prints once the server listens: where to open ShineRoute, the demo logins and the outbox. */
export function startupBanner(opts: {
  publicUrl: string;
  mailTransport: 'outbox' | 'smtp';
  smsTransport: 'outbox' | 'twilio';
  demoLogins: { owner: Login; admin: Login; tech?: Login } | null;
}): string[] {
  const lines = ['', `ShineRoute is running at ${opts.publicUrl}`];
  if (opts.demoLogins) {
    lines.push(`  Business owner: ${opts.demoLogins.owner.email} / ${opts.demoLogins.owner.password}`);
    lines.push(`  Platform admin: ${opts.demoLogins.admin.email} / ${opts.demoLogins.admin.password}`);
    const tech = opts.demoLogins.tech;
    if (tech) lines.push(`  Technician: ${tech.email} / ${tech.password}`);
  }
  // Without SMTP (or Twilio) nothing is delivered: the admin reads what was sent on the Outbox screen.
  const stored = [
    opts.mailTransport === 'outbox' && 'emails',
    opts.smsTransport === 'outbox' && 'SMS',
  ].filter(Boolean);
  if (stored.length) {
    lines.push(
      `  Outbox (${stored.join(' and ')} stored, not delivered; sign in as a platform admin): ${opts.publicUrl}/admin/outbox`,
    );
  }
  lines.push('');
  return lines;
}

interface Login {
  email: string;
  password: string;
}
