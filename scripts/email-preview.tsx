// npm run emails:preview: every email template rendered with its sample data into tmp/email-preview/ (NAME.html,
// NAME.txt and an index.html linking them), to look at in a browser without sending anything.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { EMAIL_TEMPLATES, type EmailName, renderEmailAs } from '../src/server/emails';
import { SMS_SAMPLES } from '../src/server/emails/sms';

const outDir = join(process.cwd(), 'tmp', 'email-preview');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

const rendered: Array<{ name: string; subject: string }> = [];
for (const name of Object.keys(EMAIL_TEMPLATES) as EmailName[]) {
  const email = await renderEmailAs(name, EMAIL_TEMPLATES[name].sample as never, null);
  writeFileSync(join(outDir, `${name}.html`), email.html);
  writeFileSync(join(outDir, `${name}.txt`), `Subject: ${email.subject}\n\n${email.text}\n`);
  rendered.push({ name, subject: email.subject });
}

const index = renderToStaticMarkup(
  <html lang="en">
    <head>
      <meta charSet="utf-8" />
      <title>ShineRoute email previews</title>
    </head>
    <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 900, margin: '24px auto' }}>
      <h1>Emails</h1>
      <table cellPadding={6}>
        <tbody>
          {rendered.map((r) => (
            <tr key={r.name}>
              <td>
                <a href={`${r.name}.html`}>{r.name}</a> · <a href={`${r.name}.txt`}>text</a>
              </td>
              <td>{r.subject}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h1>Text messages</h1>
      <table cellPadding={6}>
        <tbody>
          {Object.entries(SMS_SAMPLES).map(([name, body]) => (
            <tr key={name}>
              <td>{name}</td>
              <td>{body}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </body>
  </html>,
);
writeFileSync(join(outDir, 'index.html'), `<!doctype html>${index}`);
console.log(`${rendered.length} emails written to ${outDir}/index.html`);
