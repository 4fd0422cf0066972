/**
 * No lost edits (issue 15): a save names the updated_at it loaded, and the
 * database applies it only to that version, on PGlite and PostgreSQL. What
 * the admin panel sends (src/features/admin/api/update-post.ts,
 * src/features/settings/api/update-setting.ts), through the real supabase-js.
 */
import { targets, useBackend, type TestUser } from './harness.ts';

describe.each(targets)('edit conflicts on $name', (target) => {
  const backend = useBackend(target);
  let admin: TestUser;

  beforeAll(async () => {
    admin = await backend.createAdmin('conflicts');
  });

  it('a post changed elsewhere since it was loaded is not overwritten; saving over the newer version on purpose works', async () => {
    const { data: loaded } = await admin.client
      .from('blog_posts')
      .insert({ title: 'Versão do laptop', language: 'pt', category: 'Outros' })
      .select()
      .single();
    // Her phone saves meanwhile.
    await new Promise((r) => setTimeout(r, 20));
    const { data: phone } = await backend.service.from('blog_posts').update({ title: 'Versão do celular' }).eq('id', loaded!.id).select().single();
    expect(phone!.updated_at).not.toBe(loaded!.updated_at);

    const stale = await admin.client.from('blog_posts').update({ title: 'Por cima' }).eq('id', loaded!.id).eq('updated_at', loaded!.updated_at).select();
    expect(stale.error).toBeNull();
    expect(stale.data).toEqual([]);
    expect((await backend.service.from('blog_posts').select('title').eq('id', loaded!.id).single()).data!.title).toBe('Versão do celular');

    const onPurpose = await admin.client.from('blog_posts').update({ title: 'Por cima' }).eq('id', loaded!.id).eq('updated_at', phone!.updated_at).select();
    expect(onPurpose.data).toHaveLength(1);
  });

  it('a setting changed elsewhere is not overwritten, and updated_at is kept by the database', async () => {
    const { data: loaded } = await admin.client.from('site_settings').select('*').eq('key', 'hero_title').eq('language', 'en').single();
    await new Promise((r) => setTimeout(r, 20));
    const { data: phone } = await backend.service.from('site_settings').update({ value: 'From the phone' }).eq('id', loaded!.id).select().single();
    expect(phone!.updated_at > loaded!.updated_at).toBe(true);
    const stale = await admin.client.from('site_settings').update({ value: 'From the laptop' }).eq('id', loaded!.id).eq('updated_at', loaded!.updated_at).select('id');
    expect(stale.data).toEqual([]);
    // A client cannot set updated_at itself.
    const { data: forged } = await admin.client.from('site_settings').update({ value: 'x', updated_at: '2000-01-01T00:00:00Z' }).eq('id', loaded!.id).select().single();
    expect(forged!.updated_at).not.toBe('2000-01-01T00:00:00+00:00');
    await backend.service.from('site_settings').update({ value: loaded!.value }).eq('id', loaded!.id);
  });
});
