import type { ActionFn } from '../../cmdkit/define.js';
import { unwrap } from '../../cmdkit/run-operation.js';
import { specs } from '../../output/specs.js';
import { idOf } from '../../cmdkit/ids.js';

/** pause and resume read the schedule first and toggle only when needed, so they are idempotent. */
export function setActive(active: boolean): ActionFn {
  return async (ctx, { args }) => {
    const id = await idOf(ctx, 'scheduleId', args[0] ?? '');
    const client = await ctx.client();
    const { data } = await client.request({ method: 'GET', path: `/schedules/${id}`, expect: { kind: 'object', key: 'schedule' } });
    let schedule = unwrap(data, 'schedule') as { active?: boolean };
    if (schedule.active === active) {
      ctx.info(`Schedule ${id} is already ${active ? 'active' : 'paused'}.`);
    } else {
      const toggled = await client.request({ method: 'POST', path: `/schedules/${id}/toggle` });
      schedule = (unwrap(toggled.data, 'schedule') as typeof schedule | null) ?? { ...schedule, active };
      ctx.info(`Schedule ${id} ${active ? 'resumed' : 'paused'}.`);
    }
    if (ctx.dataOutput) await ctx.renderer().object(schedule, specs.schedule);
  };
}
