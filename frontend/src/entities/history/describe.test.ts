import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../api/types';
import { describeEntry } from './describe';

const entry = (action: string, subject: string, details: Record<string, unknown>): AuditEntry => ({
  id: 1,
  action,
  user: { id: 1, name: 'Kari' },
  at: '2024-05-01T10:00:00Z',
  subject,
  subject_id: 12,
  details,
});

const localeName = (code: string) => ({ en: 'English', nb: 'Norsk bokmål' })[code] ?? code;

describe('an audit entry in plain words', () => {
  it.each([
    [
      entry('update', 'page', { locale: 'nb', fields: ['name', 'blocks.body', 'serialized_tags'] }),
      true,
      'changed the name, body and the tags of the page in Norsk bokmål',
      [],
    ],
    [
      entry('update', 'page', { locale: 'en', fields: ['status'], status: { from: 0, to: 2 } }),
      false,
      'changed the status of page 12 in English',
      ['Status: Draft → Published'],
    ],
    [
      entry('create', 'page', { locale: 'en', parent_page_id: null }),
      true,
      'created the page in English',
      ['Under the top level'],
    ],
    [
      entry('move', 'page', {
        from: { parent_page_id: 3, position: 2 },
        to: { parent_page_id: null, position: 1 },
      }),
      true,
      'moved the page',
      ['From page 3, position 2', 'To the top level, position 1'],
    ],
    [
      entry('delete', 'page', { locale: 'en', fields: ['status'] }),
      true,
      'deleted the page in English',
      [],
    ],
    [entry('restore', 'page', {}), false, 'restored page 12', []],
    [
      entry('grants', 'user', {
        action: 'grant',
        permissions: ['create', 'edit'],
        page_ids: [null, 5],
      }),
      false,
      'granted create and edit to user Ola',
      ['On All Pages and page 5'],
    ],
    [
      entry('grants', 'user', { action: 'revoke', permissions: ['edit'], page_ids: [5] }),
      false,
      'revoked edit from user Ola',
      ['On page 5'],
    ],
    [
      entry('create', 'user', { username: 'ola', is_superuser: true }),
      false,
      'added user Ola as an administrator',
      [],
    ],
    [
      entry('update', 'user', { fields: ['is_active', 'password'] }),
      false,
      'changed access and the password of user Ola',
      [],
    ],
    [entry('upload', 'image', {}), false, 'uploaded image 12', []],
    [
      entry('translation_checked', 'page', { locale: 'nb', blocks: ['intro', 'body'] }),
      true,
      'marked intro and body of the page as still right in Norsk bokmål',
      [],
    ],
    // Review before publishing (issue 32).
    [
      entry('review_submitted', 'page', { review: 4, fields: ['blocks.body', 'status'] }),
      true,
      'submitted a change to the page for review',
      ['Changed: body and the status'],
    ],
    [
      entry('review_comment', 'page', { review: 4, block: 'body', locale: 'nb' }),
      false,
      'commented on body in a change to page 12 in Norsk bokmål',
      [],
    ],
    [
      entry('review_comment', 'page', { review: 4, block: '', locale: '' }),
      true,
      'commented on a change to the page',
      [],
    ],
    [
      entry('review_approved', 'page', { review: 4, state: 'approved', comment: 'Fine' }),
      true,
      'approved a change to the page',
      ['Comment: Fine'],
    ],
    [
      entry('review_changes_requested', 'page', { review: 4, state: 'changes_requested' }),
      false,
      'asked for changes to a change to page 12',
      [],
    ],
    [entry('review_withdrawn', 'page', { review: 4 }), true, 'withdrew a change to the page', []],
    // Signing in and the account.
    [
      entry('sign_in', 'user', { address: '192.0.2.1', method: 'totp' }),
      false,
      'signed in',
      ['From 192.0.2.1'],
    ],
    [entry('two_factor_off', 'user', {}), false, 'turned two-step sign-in off for user Ola', []],
    [
      entry('passkeys_removed', 'user', { passkeys: ['Laptop'] }),
      false,
      'removed every passkey of user Ola',
      [],
    ],
  ])('%#: %j', (item, ownPage, summary, details) => {
    const words = describeEntry(item, { ownPage, localeName, userName: () => 'Ola' });
    expect(words.summary).toBe(summary);
    expect(words.details).toEqual(details);
  });

  it('says what a bulk job did and to how many pages', () => {
    const job = (details: Record<string, unknown>) =>
      describeEntry(entry('bulk_job', 'bulk_job', details)).summary;
    expect(job({ action: 'publish', pages: 30 })).toBe('started “Publish” on 30 pages at once');
    expect(job({ action: 'move', pages: 1, parent_page_id: 4 })).toBe(
      'started “Move under” on 1 page at once',
    );
    expect(job({ action: 'archive', pages: 2 })).toBe('started “archive” on 2 pages at once');
  });

  it('survives details it does not know', () => {
    expect(describeEntry(entry('update', 'page', { fields: 'odd' })).summary).toBe(
      'saved page 12 without changes',
    );
    expect(describeEntry(entry('archive', 'page', {})).summary).toBe('archive page 12');
  });
});

describe('the wording History uses too (issue 28)', () => {
  it("names blocks by their templates' titles when it has them", () => {
    const words = describeEntry(
      entry('update', 'page', { locale: 'en', fields: ['blocks.body', 'location', 'status'] }),
      { ownPage: true, localeName, blockTitle: (name) => ({ body: 'Body' })[name] ?? null },
    );
    expect(words.summary).toBe('changed Body, location and the status of the page in English');
  });

  it('names a restored version by its time and author and the languages restored, never its id', () => {
    const restore = {
      ...entry('update', 'page', {
        locales: ['en', 'nb'],
        fields: ['blocks.body'],
        restored: { revision: 79, at: '2024-05-01T08:00:00Z', user_id: 3 },
      }),
      names: { user: { '3': 'Eva' } },
    };
    const words = describeEntry(restore, { ownPage: true, localeName });
    expect(words.summary).toMatch(
      /^restored the version of .*2024.* by Eva of the page in English and Norsk bokmål$/,
    );
    expect(words.summary).not.toContain('79');
    expect(words.details).toEqual(['Changed: body']);
  });

  it('names the author of a restored version without a name by number, not as a former user', () => {
    // The server names only users with a name (a username is not for every reader).
    const restore = entry('update', 'page', {
      locales: ['en'],
      fields: ['blocks.body'],
      restored: { revision: 79, at: '2024-05-01T08:00:00Z', user_id: 3 },
    });
    const words = describeEntry(restore, { ownPage: true, localeName });
    expect(words.summary).toMatch(/ by user 3 of the page in English$/);
    const gone = entry('update', 'page', {
      locales: ['en'],
      restored: { revision: 79, at: '2024-05-01T08:00:00Z', user_id: null },
    });
    expect(describeEntry(gone, { ownPage: true, localeName }).summary).toContain('A former user');
  });
});

describe('what an entry mentions, by the names the server gave', () => {
  it('names the page, its parent, an image and a file instead of numbering them', () => {
    const created = {
      ...entry('create', 'page', { locale: 'en', parent_page_id: 3 }),
      subject_name: 'Harbour walk',
      names: { page: { '12': 'Harbour walk', '3': 'Tours' } },
    };
    expect(describeEntry(created)).toEqual({
      summary: 'created “Harbour walk” in en',
      details: ['Under “Tours”'],
    });
    const image = {
      ...entry('update', 'image', { fields: ['alternative'] }),
      subject_name: 'gull.png',
    };
    expect(describeEntry(image).summary).toContain('image “gull.png”');
    const file = { ...entry('delete', 'attachment', {}), subject_name: 'Annual report' };
    expect(describeEntry(file).summary).toContain('file “Annual report”');
  });

  it('numbers what has no name', () => {
    expect(describeEntry(entry('upload', 'image', {})).summary).toContain('image 12');
  });
});
