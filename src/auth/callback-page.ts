// The page the browser lands on after sign-in: fixed text only (nothing from the server, no
// token), light and dark themes, and a five-second countdown before it closes itself.

import { createHash } from 'node:crypto';

export type CallbackOutcome = 'success' | 'failure' | 'rejected';

const TEXT: Record<CallbackOutcome, { title: string; body: string }> = {
  success: { title: 'Signed in', body: 'mcpctl is signed in. You can return to the terminal.' },
  failure: { title: 'Sign-in failed', body: 'mcpctl could not complete the sign-in. The terminal says why.' },
  rejected: {
    title: 'Sign-in rejected',
    body: 'This response does not belong to the sign-in mcpctl started, so it was ignored.',
  },
};

// A fixed script, allowed by its hash in the Content-Security-Policy: nothing else may run.
const SCRIPT = `(() => {
  let left = 5;
  const out = document.getElementById('countdown');
  const tick = () => {
    if (left <= 0) { window.close(); out.textContent = 'If this tab is still open, you can close it now.'; return; }
    out.textContent = 'This tab closes in ' + left + ' s.';
    left -= 1;
    setTimeout(tick, 1000);
  };
  tick();
})();`;

const STYLE = `:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --ok: #1a7f37; --bad: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --ok: #3fb950; --bad: #f85149; } }
body { background: var(--bg); color: var(--fg); font: 16px/1.5 system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; }
main { max-width: 32rem; padding: 2rem; text-align: center; }
h1.success { color: var(--ok); } h1.failure, h1.rejected { color: var(--bad); }
p.muted { color: var(--muted); }`;

export const CALLBACK_PAGE_CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'; base-uri 'none'; form-action 'none'`;

export function callbackPage(outcome: CallbackOutcome): string {
  const { title, body } = TEXT[outcome];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>mcpctl: ${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1 class="${outcome}">${title}</h1>
<p>${body}</p>
<p class="muted" id="countdown">You can close this tab now.</p>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
