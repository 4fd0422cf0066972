import { ws } from 'msw';
import { SUPABASE_URL } from '../api';

/**
 * Realtime as realtime-js sees it (protocol §4), for component tests: joins
 * are accepted with their postgres_changes bindings echoed, heartbeats
 * answered. Tests push changes with `pushChange`.
 */
export const realtime = ws.link(`${SUPABASE_URL.replace(/^http/, 'ws')}/realtime/v1/websocket`);

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

const joined = new Map<string, { joinRef: string | null; ids: number[]; send: (data: string) => void }>();

export const realtimeHandlers = [
  realtime.addEventListener('connection', ({ client }) => {
    client.addEventListener('message', (event) => {
      const [joinRef, ref, topic, name, payload] = JSON.parse(String(event.data)) as Frame;
      const reply = (response: Record<string, unknown>) =>
        client.send(JSON.stringify([joinRef, ref, topic, 'phx_reply', { status: 'ok', response }]));
      if (name === 'phx_join') {
        const bindings = ((payload.config as { postgres_changes?: Record<string, unknown>[] }).postgres_changes ?? []).map((b, i) => ({
          ...b,
          id: i + 1,
        }));
        joined.set(topic, { joinRef, ids: bindings.map((b) => b.id), send: (d) => client.send(d) });
        reply({ postgres_changes: bindings });
      } else if (name === 'phx_leave') {
        joined.delete(topic);
        reply({});
      } else if (ref !== null) {
        reply({});
      }
    });
  }),
];

/** Sends a change to every joined channel (all its bindings), as the server would. */
export function pushChange(data: { table: string; type: 'INSERT' | 'UPDATE' | 'DELETE'; record?: unknown; old_record?: unknown }) {
  for (const [topic, channel] of joined) {
    channel.send(
      JSON.stringify([channel.joinRef, null, topic, 'postgres_changes', {
        ids: channel.ids,
        data: { schema: 'public', commit_timestamp: new Date().toISOString(), columns: [], errors: null, ...data },
      }]),
    );
  }
}
