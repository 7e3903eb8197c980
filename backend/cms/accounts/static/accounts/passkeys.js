// The browser's half of the passkey ceremonies (cms/accounts/passkeys/): ask the server for
// options, let the authenticator answer (navigator.credentials), send the answer back. A plain
// module served as a static file: the admin's Content-Security-Policy runs no inline script.
// Forms and buttons say where to go and what to show in data-* attributes of their templates.

const toBytes = (text) => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
};

const toText = (buffer) => {
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const descriptors = (list) => (list || []).map((item) => ({ ...item, id: toBytes(item.id) }));

function creationOptions(json) {
  return {
    ...json,
    challenge: toBytes(json.challenge),
    user: { ...json.user, id: toBytes(json.user.id) },
    excludeCredentials: descriptors(json.excludeCredentials),
  };
}

function requestOptions(json) {
  return { ...json, challenge: toBytes(json.challenge), allowCredentials: descriptors(json.allowCredentials) };
}

function credentialJson(credential) {
  const response = credential.response;
  const json = {
    id: credential.id,
    rawId: toText(credential.rawId),
    type: credential.type,
    authenticatorAttachment: credential.authenticatorAttachment || undefined,
    clientExtensionResults: credential.getClientExtensionResults(),
    response: { clientDataJSON: toText(response.clientDataJSON) },
  };
  if (response.attestationObject) {
    json.response.attestationObject = toText(response.attestationObject);
    json.response.transports = response.getTransports ? response.getTransports() : [];
  } else {
    json.response.authenticatorData = toText(response.authenticatorData);
    json.response.signature = toText(response.signature);
    if (response.userHandle) json.response.userHandle = toText(response.userHandle);
  }
  return json;
}

async function post(url, csrf, body) {
  const response = await fetch(url, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', 'X-CSRFToken': csrf },
    body: JSON.stringify(body || {}),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.detail || '');
  return data;
}

function say(root, message) {
  const status = root.querySelector('[data-passkey-status]');
  if (!status) return;
  status.textContent = message;
  status.hidden = !message;
}

function setUpAdd(form) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!window.PublicKeyCredential) return say(form, form.dataset.unsupported);
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    say(form, '');
    try {
      const options = await post(form.dataset.optionsUrl, form.dataset.csrf);
      const credential = await navigator.credentials.create({ publicKey: creationOptions(options) });
      const name = form.querySelector('[name="name"]').value;
      await post(form.dataset.verifyUrl, form.dataset.csrf, { credential: credentialJson(credential), name });
      window.location.reload();
    } catch (error) {
      say(form, (error instanceof Error && error.message && !(error instanceof DOMException) && error.message) || form.dataset.failed);
      button.disabled = false;
    }
  });
}

function setUpAssert(root) {
  const button = root.querySelector('[data-passkey-button]');
  button.addEventListener('click', async () => {
    if (!window.PublicKeyCredential) return say(root, root.dataset.unsupported);
    button.disabled = true;
    say(root, '');
    try {
      const options = await post(root.dataset.optionsUrl, root.dataset.csrf);
      const credential = await navigator.credentials.get({ publicKey: requestOptions(options) });
      const done = await post(root.dataset.verifyUrl, root.dataset.csrf, {
        credential: credentialJson(credential),
        next: root.dataset.next || '',
      });
      window.location.assign(done.redirect);
    } catch (error) {
      say(root, (error instanceof Error && error.message && !(error instanceof DOMException) && error.message) || root.dataset.failed);
      button.disabled = false;
    }
  });
}

if (!window.cmsPasskeys) {
  window.cmsPasskeys = true; // the module may be included twice on one page
  document.querySelectorAll('[data-passkey-add]').forEach(setUpAdd);
  document.querySelectorAll('[data-passkey-assert]').forEach(setUpAssert);
}
