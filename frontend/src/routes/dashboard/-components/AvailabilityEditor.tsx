import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, Trash2 } from 'lucide-react';
import { WEEKDAYS, type HostScheduleInput } from '@contracts/availability/availability.contract';
import { Field, FormAlert, Select, TextInput } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { formatDayTime } from '../../../lib/dates';
import { ServerFnError } from '../../../lib/server-fn-client';
import { availabilityQuery, saveHostAvailabilityMutation } from '../../../queries/booking';
import { HostSessions } from './HostSessions';
import { EmptyState, Panel } from './Panel';

type Period = { start: string; end: string };
type Weekday = (typeof WEEKDAYS)[number];

const DAY_NAMES: Record<Weekday, string> = { '1': 'Monday', '2': 'Tuesday', '3': 'Wednesday', '4': 'Thursday', '5': 'Friday', '6': 'Saturday', '7': 'Sunday' };
const WORKDAY: Period[] = [{ start: '09:00', end: '17:00' }];

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function starterSchedule(): HostScheduleInput {
  const weekly = Object.fromEntries(WEEKDAYS.map((d) => [d, Number(d) <= 5 ? WORKDAY : []])) as HostScheduleInput['weekly'];
  return { timeZone: browserZone(), weekly, overrides: {}, bufferMinutes: 15, minimumNoticeMinutes: 12 * 60, horizonDays: 28, meetingUrl: null };
}

function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** One day's periods, editable: times, add a period, remove one. */
function Periods({ label, periods, onChange }: { label: string; periods: Period[]; onChange: (periods: Period[]) => void }) {
  const ids = useId();
  return (
    <div className="space-y-2">
      {periods.length === 0 ? <p className="text-sm text-ink-subtle">Unavailable</p> : null}
      {periods.map((period, i) => (
        <div key={i} role="group" aria-label={`${label}, period ${i + 1}`} className="flex flex-wrap items-center gap-2">
          <label htmlFor={`${ids}-${i}-start`} className="sr-only">{`${label}, period ${i + 1} starts`}</label>
          <TextInput
            id={`${ids}-${i}-start`}
            type="time"
            value={period.start}
            className="w-32"
            onChange={(e) => onChange(periods.map((p, j) => (j === i ? { ...p, start: e.target.value } : p)))}
          />
          <span aria-hidden="true" className="text-ink-subtle">
            –
          </span>
          <label htmlFor={`${ids}-${i}-end`} className="sr-only">{`${label}, period ${i + 1} ends`}</label>
          <TextInput
            id={`${ids}-${i}-end`}
            type="time"
            value={period.end === '24:00' ? '23:59' : period.end}
            className="w-32"
            onChange={(e) => onChange(periods.map((p, j) => (j === i ? { ...p, end: e.target.value } : p)))}
          />
          <Button variant="ghost" size="sm" onClick={() => onChange(periods.filter((_, j) => j !== i))} aria-label={`Remove ${label}, period ${i + 1}`}>
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => onChange([...periods, periods.length ? { start: '13:00', end: '17:00' } : WORKDAY[0]!])}
        aria-label={`Add hours on ${label}`}
      >
        <Plus aria-hidden="true" /> Add hours
      </Button>
    </div>
  );
}

function Editor({ initial, updatedAt }: { initial: HostScheduleInput; updatedAt: string | null }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [schedule, setSchedule] = useState(initial);
  const [overrideDate, setOverrideDate] = useState('');
  const save = useMutation(saveHostAvailabilityMutation(queryClient));
  const issues = save.error instanceof ServerFnError ? (save.error.issues ?? []) : [];
  const issueAt = (path: string) => issues.find((i) => i.path.join('.') === `schedule.${path}`)?.message;
  const set = <K extends keyof HostScheduleInput>(key: K, value: HostScheduleInput[K]) => setSchedule((s) => ({ ...s, [key]: value }));
  const overrideDates = Object.keys(schedule.overrides).sort();

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        save.mutate({ schedule });
      }}
    >
      <Panel title="Time zone and rules" labelledBy={`${ids}-rules`}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={`${ids}-zone`} label="Your time zone" error={issueAt('timeZone')} hint="Your hours are in this zone; customers see slots in theirs.">
            <Select id={`${ids}-zone`} value={schedule.timeZone} onChange={(e) => set('timeZone', e.target.value)}>
              {zones(schedule.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={`${ids}-buffer`} label="Buffer between sessions (minutes)" error={issueAt('bufferMinutes')}>
            <TextInput
              id={`${ids}-buffer`}
              type="number"
              inputMode="numeric"
              min={0}
              max={120}
              value={schedule.bufferMinutes}
              onChange={(e) => set('bufferMinutes', Number(e.target.value))}
            />
          </Field>
          <Field id={`${ids}-notice`} label="Minimum notice (hours)" error={issueAt('minimumNoticeMinutes')} hint="No bookings sooner than this.">
            <TextInput
              id={`${ids}-notice`}
              type="number"
              inputMode="numeric"
              min={0}
              max={336}
              value={schedule.minimumNoticeMinutes / 60}
              onChange={(e) => set('minimumNoticeMinutes', Math.round(Number(e.target.value) * 60))}
            />
          </Field>
          <Field id={`${ids}-horizon`} label="Bookable up to (days ahead)" error={issueAt('horizonDays')}>
            <TextInput
              id={`${ids}-horizon`}
              type="number"
              inputMode="numeric"
              min={1}
              max={180}
              value={schedule.horizonDays}
              onChange={(e) => set('horizonDays', Number(e.target.value))}
            />
          </Field>
          <div className="sm:col-span-2">
            <Field id={`${ids}-meeting`} label="Meeting link" error={issueAt('meetingUrl')} hint="Your video-call room; customers get it with their booking.">
              <TextInput
                id={`${ids}-meeting`}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={schedule.meetingUrl ?? ''}
                onChange={(e) => set('meetingUrl', e.target.value.trim() ? e.target.value.trim() : null)}
              />
            </Field>
          </div>
        </div>
      </Panel>

      <Panel title="Weekly hours" labelledBy={`${ids}-weekly`}>
        <ul className="divide-y divide-line">
          {WEEKDAYS.map((day) => (
            <li key={day} className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr]">
              <p className="text-sm font-medium text-ink">{DAY_NAMES[day]}</p>
              <div>
                <Periods label={DAY_NAMES[day]} periods={schedule.weekly[day]} onChange={(periods) => set('weekly', { ...schedule.weekly, [day]: periods })} />
                {issues
                  .filter((i) => i.path.join('.').startsWith(`schedule.weekly.${day}`))
                  .map((i) => (
                    <p key={i.path.join('.') + i.message} className="mt-1.5 text-sm text-danger">
                      {i.message}
                    </p>
                  ))}
              </div>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title="Date overrides" labelledBy={`${ids}-overrides`}>
        <p className="mb-3 text-sm text-ink-muted">A date here replaces that day's weekly hours: other hours, or a day off.</p>
        <ul className="divide-y divide-line">
          {overrideDates.map((date) => (
            <li key={date} className="grid gap-2 py-3 sm:grid-cols-[8rem_1fr]">
              <div className="flex items-start justify-between gap-2 sm:block">
                <p className="text-sm font-medium text-ink">{date}</p>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => set('overrides', Object.fromEntries(Object.entries(schedule.overrides).filter(([d]) => d !== date)))}
                  aria-label={`Remove the override for ${date}`}
                >
                  Remove
                </Button>
              </div>
              <Periods label={date} periods={schedule.overrides[date]!} onChange={(periods) => set('overrides', { ...schedule.overrides, [date]: periods })} />
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <Field id={`${ids}-override-date`} label="Add a date">
            <TextInput id={`${ids}-override-date`} type="date" value={overrideDate} onChange={(e) => setOverrideDate(e.target.value)} />
          </Field>
          <Button
            variant="secondary"
            disabled={!overrideDate || overrideDate in schedule.overrides}
            onClick={() => {
              set('overrides', { ...schedule.overrides, [overrideDate]: [] });
              setOverrideDate('');
            }}
          >
            Add as a day off
          </Button>
        </div>
      </Panel>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save availability'}
        </Button>
        {save.isSuccess ? (
          <p role="status" className="text-sm text-success">
            Saved. Open slots follow these hours from now on.
          </p>
        ) : null}
        {!save.isSuccess && updatedAt ? <p className="text-sm text-ink-subtle">Last saved {formatDayTime(updatedAt)}</p> : null}
      </div>
      {save.error ? <FormAlert>{issues.length ? 'Some hours need fixing; see the notes beside them.' : save.error.message}</FormAlert> : null}
    </form>
  );
}

/** A host's weekly hours, date overrides and booking rules; other accounts are told it is for hosts. */
export function AvailabilityEditor() {
  const { data, error } = useSuspenseQuery(availabilityQuery());
  if (!data.host) {
    return (
      <EmptyState title="Availability is for hosts">
        <p>Hosts set their weekly hours, days off and booking rules here. Ask an administrator if you should be one.</p>
        <p className="mt-3">
          Looking to book a session?{' '}
          <Link to="/sessions" className="font-medium text-accent-300 underline underline-offset-4 hover:text-accent-200">
            See the open times
          </Link>{' '}
          or{' '}
          <Link to="/dashboard" search={{ section: 'sessions' }} className="font-medium text-accent-300 underline underline-offset-4 hover:text-accent-200">
            your booked sessions
          </Link>
          .
        </p>
      </EmptyState>
    );
  }
  if (error) return <FormAlert>{error.message}</FormAlert>;
  const initial = data.schedule ?? starterSchedule();
  return (
    <div className="space-y-6">
      <HostSessions timeZone={initial.timeZone} />
      <Editor initial={initial} updatedAt={data.updatedAt} />
    </div>
  );
}
