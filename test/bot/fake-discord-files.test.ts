import { once } from 'node:events';
import { crc32, deflateSync } from 'node:zlib';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  EmbedBuilder,
  Events,
  GatewayIntentBits,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type Interaction,
  type Message,
  type TextChannel,
} from 'discord.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../support/cast';
import { FakeDiscord, LIMITS, snowflake } from '../support/fake-discord';

/**
 * Files as Discord takes them (docs: Reference, "Uploading Files"): the real discord.js client
 * uploads them as multipart/form-data with interaction replies, deferred replies, follow-ups and
 * channel messages; the fake stores them as Discord shows them, serves their bytes at their CDN
 * address, and refuses what Discord refuses. Raw requests show the rules discord.js never breaks.
 */
const APP = snowflake();
const TOKEN = 'fake-bot-token';
const { server: arena, general, alice } = cast();
const CALLBACK = 'POST /interactions/{interaction_id}/{interaction_token}/callback';

/** A real PNG of this size (an RGBA image of one grey). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6], 8); // 8 bits per channel, RGBA
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x7f)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const download = async (url: string) => Buffer.from(await (await fetch(url)).arrayBuffer());

let fake: FakeDiscord;
let client: Client;
beforeAll(async () => {
  fake = await FakeDiscord.start({ applicationId: APP, token: TOKEN, guilds: [arena] });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiUrl } });
  const ready = once(client, Events.ClientReady);
  await client.login(TOKEN);
  await ready;
  await client.application!.commands.set([{ name: 'card', description: 'Shows a card' }]);
});
afterEach(() => {
  expect(fake.takeViolations()).toEqual([]); // each test takes the violations it provoked
});
afterAll(async () => {
  await client?.destroy();
  await fake?.close();
});

/** alice does something; the bot answers the interaction with `answer`: its value, or error. */
async function whenSent<I extends Interaction, T>(
  act: () => { token: string },
  answer: (i: I) => Promise<T>,
) {
  const settled = new Promise<{ value?: T; error?: unknown }>((resolve) => {
    client.once(Events.InteractionCreate, (i) => {
      answer(i as I).then(
        (value) => resolve({ value }),
        (error: unknown) => resolve({ error }),
      );
    });
  });
  const { token } = act();
  return { token, ...(await settled) };
}
/** alice runs /card. */
const whenRun = <T>(answer: (i: ChatInputCommandInteraction) => Promise<T>) =>
  whenSent(
    () => fake.runCommand({ channelId: general.id, user: alice, command: ['card'] }),
    answer,
  );
const channel = async () => (await client.channels.fetch(general.id)) as TextChannel;

describe('the fake Discord takes files as Discord does', () => {
  it('GIVEN a reply with a PNG shown by its embed (attachment://card.png) THEN the embed shows it at its CDN URL with the PNG’s width and height, and the bytes download unchanged', async () => {
    const card = png(40, 20);
    const { token, value } = await whenRun((i) =>
      i.reply({
        embeds: [new EmbedBuilder().setTitle('Ali').setImage('attachment://card.png')],
        files: [new AttachmentBuilder(card, { name: 'card.png', description: 'Ali’s card' })],
        withResponse: true,
      }),
    );
    const reply = fake.replyOf(token)!;
    const [file, ...others] = fake.filesOf(reply.id);
    expect(others).toEqual([]);
    expect(file).toMatchObject({
      filename: 'card.png',
      description: 'Ali’s card',
      contentType: 'image/png',
      size: card.length,
      width: 40,
      height: 20,
    });
    expect(file!.data.equals(card)).toBe(true);
    const image = { url: file!.url, proxy_url: file!.proxyUrl, content_type: 'image/png' };
    expect(reply.embeds[0]?.image).toEqual({ ...image, width: 40, height: 20 });
    // Discord leaves a file its embed shows out of `attachments` (docs: Message Object).
    expect(reply.attachments).toEqual([]);
    expect(value?.resource?.message?.embeds[0]?.image?.url).toBe(file!.url);
    expect((await download(file!.url)).equals(card)).toBe(true);
    expect((await download(file!.proxyUrl)).equals(card)).toBe(true);
    const sent = fake.requests.find((r) => r.path.endsWith(`/${token}/callback`))!;
    expect(sent.files?.map((f) => [f.field, f.filename, f.contentType])).toEqual([
      ['files[0]', 'card.png', 'image/png'],
    ]);
    expect(sent.body).toMatchObject({ type: 4, data: { attachments: [{ id: '0' }] } });
  });

  it('GIVEN a deferred reply edited with a file THEN the original response carries it as an attachment', async () => {
    const chart = png(64, 32);
    const { token, value } = await whenRun(async (i) => {
      await i.deferReply();
      return i.editReply({
        content: 'Your chart',
        files: [{ attachment: chart, name: 'chart.png' }],
      });
    });
    const [shown] = fake.replyOf(token)!.attachments;
    expect(shown).toMatchObject({
      filename: 'chart.png',
      content_type: 'image/png',
      size: chart.length,
      width: 64,
      height: 32,
    });
    expect(value?.attachments.first()).toMatchObject({ name: 'chart.png', width: 64, height: 32 });
    expect(fake.replyOf(token)!.flags).toBe(0); // no longer loading
    expect((await download(shown!.url)).equals(chart)).toBe(true);
  });

  it('GIVEN a follow-up with a file THEN it carries it; an edit without attachments keeps it and attachments: [] removes it', async () => {
    const { value } = await whenRun(async (i) => {
      await i.reply('Working on it');
      const followUp = await i.followUp({
        files: [new AttachmentBuilder(png(8, 4), { name: 'a.png' })],
      });
      const kept = await i.editReply({ message: followUp.id, content: 'Still here' });
      const cleared = await i.editReply({ message: followUp.id, attachments: [] });
      return { followUp, kept, cleared };
    });
    const { followUp, kept, cleared } = value!;
    expect(followUp.attachments.map((a) => [a.name, a.width, a.height])).toEqual([['a.png', 8, 4]]);
    expect(kept.attachments.map((a) => a.id)).toEqual(followUp.attachments.map((a) => a.id));
    expect(cleared.attachments.size).toBe(0);
    expect(fake.filesOf(followUp.id)).toEqual([]);
  });

  it('GIVEN a button pressed and the message updated with a file (type 7) THEN the message carries it', async () => {
    const again = new ButtonBuilder()
      .setCustomId('again')
      .setLabel('Again')
      .setStyle(ButtonStyle.Primary);
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(again);
    const posted = await (await channel()).send({ content: 'Card', components: [row] });
    const press = () => fake.clickButton({ messageId: posted.id, customId: 'again', user: alice });
    await whenSent(press, (i: ButtonInteraction) =>
      i.update({ files: [{ attachment: png(6, 6), name: 'again.png' }] }),
    );
    expect(fake.messages.get(posted.id)?.attachments).toMatchObject([
      { filename: 'again.png', width: 6, height: 6 },
    ]);
    expect(fake.messages.get(posted.id)?.content).toBe('Card');
  });

  it('GIVEN channel messages THEN a post carries its file, an edit with a new file replaces it, and attachments: [] clears it', async () => {
    const posted = await (
      await channel()
    ).send({ content: 'Chart', files: [{ attachment: png(10, 5), name: 'chart.png' }] });
    const names = (m: Message) => m.attachments.map((a) => a.name);
    expect(posted.attachments.first()).toMatchObject({
      name: 'chart.png',
      width: 10,
      height: 5,
      contentType: 'image/png',
    });
    expect(names(await posted.edit({ content: 'Chart, again' }))).toEqual(['chart.png']);
    // discord.js lists only the new file in `attachments`, so Discord drops the old one.
    const replaced = await posted.edit({
      files: [{ attachment: png(20, 10), name: 'chart2.png' }],
    });
    expect(names(replaced)).toEqual(['chart2.png']);
    expect(names(await posted.edit({ content: 'No chart', attachments: [] }))).toEqual([]);
  });
});

describe('the fake Discord refuses files Discord refuses, and stores nothing of them', () => {
  it('GIVEN a file over 10 MiB THEN 413 Request entity too large (40005); 10 MiB exactly is taken', async () => {
    const before = fake.messages.size;
    const { token, value } = await whenRun(async (i) => {
      const over = { attachment: Buffer.alloc(LIMITS.attachmentSize + 1), name: 'big.bin' };
      const refused = await i.reply({ files: [over] }).catch((err: unknown) => err);
      expect(fake.messages.size).toBe(before);
      await i.reply({
        files: [{ attachment: Buffer.alloc(LIMITS.attachmentSize), name: 'max.bin' }],
      });
      return refused;
    });
    expect(value).toBeInstanceOf(DiscordAPIError);
    expect(value).toMatchObject({ status: 413, code: 40005, message: 'Request entity too large' });
    expect(fake.takeViolations()).toEqual([
      `${CALLBACK} request: files[0] (big.bin) is 10485761 bytes, over 10485760 (10 MiB)`,
    ]);
    expect(fake.filesOf(fake.replyOf(token)!.id).map((f) => [f.filename, f.size])).toEqual([
      ['max.bin', LIMITS.attachmentSize],
    ]);
  });

  it('GIVEN 11 files THEN the reply is refused at its attachments (50035); 11 file parts without a list get 30015', async () => {
    const eleven = Array.from({ length: 11 }, (_, n) => ({
      attachment: png(2, 2),
      name: `${n}.png`,
    }));
    const { token, error } = await whenRun((i) => i.reply({ files: eleven }));
    expect(error).toMatchObject({ status: 400, code: 50035 });
    expect((error as DiscordAPIError).rawError).toMatchObject({
      errors: { data: { attachments: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } },
    });
    expect(fake.replyOf(token)).toBeUndefined();
    expect(fake.takeViolations()).toEqual([
      `${CALLBACK} request: /data/attachments must NOT have more than 10 items`,
    ]);

    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'eleven' }));
    eleven.forEach((f, n) => form.append(`files[${n}]`, new Blob([f.attachment]), f.name));
    expect(await postForm(form)).toEqual({
      status: 400,
      body: { code: 30015, message: 'Maximum number of attachments in a message reached (10)' },
    });
    expect(fake.takeViolations()).toEqual([
      'POST /channels/{channel_id}/messages request: 11 files, over 10',
    ]);
  });

  it('GIVEN an attachments entry no uploaded file answers THEN 400 ATTACHMENT_NOT_FOUND at that entry', async () => {
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({ content: 'x', attachments: [{ id: '0' }, { id: '1' }] }),
    );
    form.append('files[0]', new Blob([png(2, 2)]), 'a.png');
    const answer = await postForm(form);
    expect(answer).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(answer.body).toMatchObject({
      errors: {
        attachments: {
          1: { _errors: [{ code: 'ATTACHMENT_NOT_FOUND', message: 'Attachment data not found' }] },
        },
      },
    });
    expect(fake.takeViolations()).toEqual([
      'POST /channels/{channel_id}/messages: 400 50035 Invalid Form Body',
    ]);
  });

  it('GIVEN a file with a deferral (type 5) THEN it is a violation: a deferral shows no files', async () => {
    const { token, value } = await whenRun(async (i) => {
      const form = new FormData();
      form.append('payload_json', JSON.stringify({ type: 5 }));
      form.append('files[0]', new Blob([png(2, 2)]), 'lost.png');
      return send('POST', `/interactions/${i.id}/${i.token}/callback`, form);
    });
    expect(value?.status).toBe(204);
    expect(fake.filesOf(fake.replyOf(token)!.id)).toEqual([]);
    expect(fake.takeViolations()).toEqual([
      `${CALLBACK} request: files on a type 5 response, which shows no files`,
    ]);
  });

  it('GIVEN files of 9 MiB each, 27 MiB in all THEN 413 (40005): a request may be 25 MiB', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ content: 'three' }));
    for (const n of [0, 1, 2]) {
      form.append(`files[${n}]`, new Blob([Buffer.alloc(9 * 2 ** 20)]), `${n}.bin`);
    }
    const before = fake.messages.size;
    expect(await postForm(form)).toEqual({
      status: 413,
      body: { code: 40005, message: 'Request entity too large' },
    });
    expect(fake.messages.size).toBe(before);
    expect(fake.takeViolations()).toEqual([
      expect.stringMatching(
        /^POST \/channels\/\{channel_id\}\/messages request: the request is \d+ bytes, over 26214400 \(25 MiB\)$/,
      ),
    ]);
  });

  it('GIVEN a multipart body that cannot be read THEN 400 Invalid Form Body', async () => {
    const res = await fetch(`${fake.apiUrl}/v10/channels/${general.id}/messages`, {
      method: 'POST',
      headers: { authorization: `Bot ${TOKEN}`, 'content-type': 'multipart/form-data; boundary=x' },
      body: 'not a form',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 50035 });
    expect(fake.takeViolations()).toEqual([
      'POST /channels/{channel_id}/messages request: is not a readable multipart/form-data body',
    ]);
  });

  it('GIVEN a multipart body where Discord takes only JSON THEN 400 Invalid Form Body', async () => {
    const form = new FormData();
    form.append('payload_json', JSON.stringify({ recipient_id: alice.id }));
    const answer = await send('POST', '/users/@me/channels', form);
    expect(answer).toMatchObject({ status: 400, body: { code: 50035 } });
    expect(fake.takeViolations()).toEqual([
      'POST /users/@me/channels request: takes no multipart/form-data body',
    ]);
  });
});

describe('the fake Discord reads a form as Discord does', () => {
  it('GIVEN no payload_json THEN the text fields are the body, and a file needs no attachments entry', async () => {
    const form = new FormData();
    form.append('content', 'Hello, World!');
    form.append('tts', 'true');
    form.append('files[0]', new Blob([png(3, 3)], { type: 'image/png' }), 'hello.png');
    const { status, body } = await postForm(form);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      content: 'Hello, World!',
      tts: true,
      attachments: [{ filename: 'hello.png', width: 3 }],
    });
  });

  it('GIVEN an embed showing a file that was not uploaded THEN its url is kept as sent and the upload stays an attachment', async () => {
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({ embeds: [{ image: { url: 'attachment://missing.png' } }] }),
    );
    form.append('files[0]', new Blob([png(2, 2)]), 'other.png');
    const { body } = await postForm(form);
    expect(body).toMatchObject({
      embeds: [{ image: { url: 'attachment://missing.png' } }],
      attachments: [{ filename: 'other.png' }],
    });
  });

  it('GIVEN an edit that lists attachments THEN only the listed ones stay: an upload it does not list is dropped', async () => {
    const first = new FormData();
    first.append('payload_json', JSON.stringify({ content: 'two' }));
    first.append('files[0]', new Blob([png(2, 2)]), 'a.png');
    first.append('files[1]', new Blob([png(2, 2)]), 'b.png');
    const { body: posted } = await postForm(first);
    const [a] = (posted as unknown as { attachments: { id: string }[] }).attachments;
    const edit = new FormData();
    edit.append(
      'payload_json',
      JSON.stringify({ attachments: [{ id: a!.id, description: 'kept' }, { id: '5' }] }),
    );
    edit.append('files[5]', new Blob([png(2, 2)]), 'c.png');
    edit.append('files[6]', new Blob([png(2, 2)]), 'unlisted.png');
    const id = (posted as unknown as { id: string }).id;
    const { body } = await send('PATCH', `/channels/${general.id}/messages/${id}`, edit);
    expect(body).toMatchObject({
      attachments: [{ id: a!.id, filename: 'a.png', description: 'kept' }, { filename: 'c.png' }],
    });
    expect((body as unknown as { attachments: unknown[] }).attachments).toHaveLength(2);
  });
});

type Answer = { status: number; body: { code?: number; message?: string; errors?: unknown } };
/** A raw request with a form body, as the bot (its token) would send it. */
async function send(method: string, path: string, form: FormData): Promise<Answer> {
  const res = await fetch(`${fake.apiUrl}/v10${path}`, {
    method,
    headers: { authorization: `Bot ${TOKEN}` },
    body: form,
  });
  return {
    status: res.status,
    body: res.status === 204 ? {} : ((await res.json()) as Answer['body']),
  };
}
const postForm = (form: FormData) => send('POST', `/channels/${general.id}/messages`, form);
