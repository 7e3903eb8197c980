// The account page's two-step sign-in (accounts/_two_factor.html): set up, confirm with a code,
// show the ten recovery codes once (with a download), turn off with a code. A plain module served
// as a static file: the admin's Content-Security-Policy runs no inline script.

async function call(root, method, url, body) {
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': root.dataset.csrf },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = response.status === 204 ? {} : await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || root.dataset.failed);
  return data;
}

function say(form, message) {
  const status = form.querySelector('[data-two-factor-status]');
  status.textContent = message;
  status.hidden = !message;
}

function onSubmit(root, form, action) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    say(form, '');
    try {
      await action(form);
    } catch (error) {
      say(form, (error instanceof Error && error.message) || root.dataset.failed);
      button.disabled = false;
    }
  });
}

function showCodes(root, codes) {
  const box = root.querySelector('[data-two-factor-codes]');
  const list = root.querySelector('[data-two-factor-list]');
  list.replaceChildren(...codes.map((code) => Object.assign(document.createElement('li'), { textContent: code })));
  root.querySelectorAll('form').forEach((form) => (form.hidden = true));
  root.querySelectorAll('.two-factor__steps').forEach((steps) => (steps.hidden = true));
  box.hidden = false;
  root.querySelector('[data-two-factor-download]').addEventListener('click', () => {
    const file = new Blob([codes.join('\n') + '\n'], { type: 'text/plain' });
    const link = Object.assign(document.createElement('a'), {
      href: URL.createObjectURL(file),
      download: root.dataset.filename,
    });
    link.click();
    URL.revokeObjectURL(link.href);
  });
  root.querySelector('[data-two-factor-done]').addEventListener('click', () => window.location.reload());
}

function setUp(root) {
  const code = (form) => form.querySelector('[name="code"]').value;
  const start = root.querySelector('[data-two-factor-start]');
  if (start) {
    onSubmit(root, start, async () => {
      await call(root, 'POST', root.dataset.startUrl);
      window.location.reload(); // the page draws the QR code of the new secret
    });
  }
  const confirm = root.querySelector('[data-two-factor-confirm]');
  if (confirm) {
    onSubmit(root, confirm, async (form) => {
      const done = await call(root, 'POST', root.dataset.confirmUrl, { code: code(form) });
      showCodes(root, done.recovery_codes);
    });
  }
  const off = root.querySelector('[data-two-factor-off]');
  if (off) {
    onSubmit(root, off, async (form) => {
      await call(root, 'DELETE', root.dataset.startUrl, { code: code(form) });
      window.location.reload();
    });
  }
}

document.querySelectorAll('[data-two-factor]').forEach(setUp);
