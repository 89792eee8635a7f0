import { useEffect, useRef, useState } from 'react';
import { Table, TBody, Td, Th, THead, Tr } from '../../components/ui/table.tsx';
import { formatDay, formatLongDay, niceCeiling, summarizeReaders, type DayViews } from './chart-scale.ts';

const HEIGHT = 200;
const MARGIN = { top: 22, right: 8, bottom: 26, left: 34 };

/** The width the chart has, followed as the window turns or resizes; drawn at that size, text stays legible. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(200, Math.floor(element.clientWidth)));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * Readers per day as bars in inline SVG: the axis from 0 to a round top, the busiest day's number
 * over its bar, the first day and today under the axis. The same numbers are in a table below.
 */
export function ReadersChart({ views, windowDays }: { views: DayViews[]; windowDays: number }) {
  const [ref, width] = useWidth(640);
  const { days, peak, label } = summarizeReaders(views, windowDays);
  const top = niceCeiling(peak?.views ?? 0);
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const band = days.length > 0 ? plotWidth / days.length : plotWidth;
  const barWidth = Math.max(2, band * 0.72);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const x = (index: number) => MARGIN.left + index * band + (band - barWidth) / 2;
  const last = days.length - 1;
  const ticks = [0, top / 2, top].filter((tick) => Number.isInteger(tick));

  return (
    <figure>
      <div ref={ref} className="w-full">
        <svg
          role="img"
          aria-label={label}
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          className="block max-w-full text-slate-700"
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={MARGIN.left}
                x2={width - MARGIN.right}
                y1={y(tick)}
                y2={y(tick)}
                className={tick === 0 ? 'stroke-slate-500' : 'stroke-slate-200'}
                strokeWidth={1}
              />
              <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-slate-700 text-xs">
                {tick}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            // A day with readers always shows, however tall the busiest one.
            const height = day.views > 0 ? Math.max(2, y(0) - y(day.views)) : 0;
            return (
              <rect
                key={day.day}
                data-day={day.day}
                data-views={day.views}
                x={x(index)}
                y={y(0) - height}
                width={barWidth}
                height={height}
                rx={Math.min(2, barWidth / 4)}
                className={index === last ? 'fill-blue-900' : 'fill-blue-600'}
              >
                <title>{`${formatDay(day.day)}: ${day.views}`}</title>
              </rect>
            );
          })}
          {peak && peak.views > 0 && (
            <text
              x={Math.min(Math.max(x(days.indexOf(peak)) + barWidth / 2, MARGIN.left + 8), width - MARGIN.right - 8)}
              y={y(peak.views) - 6}
              textAnchor="middle"
              className="fill-slate-900 text-xs font-semibold"
            >
              {peak.views}
            </text>
          )}
          {days.length > 0 && (
            <>
              <text x={MARGIN.left} y={HEIGHT - 6} textAnchor="start" className="fill-slate-700 text-xs">
                {formatDay(days[0]!.day)}
              </text>
              {width >= 480 && days.length > 2 && (
                <text
                  x={x(Math.floor(last / 2)) + barWidth / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="fill-slate-700 text-xs"
                >
                  {formatDay(days[Math.floor(last / 2)]!.day)}
                </text>
              )}
              <text x={width - MARGIN.right} y={HEIGHT - 6} textAnchor="end" className="fill-slate-900 text-xs font-semibold">
                Today, {formatDay(days[last]!.day)}
              </text>
            </>
          )}
        </svg>
      </div>
      {/* The same words as the image's name, for sighted readers: announced once, by the image. */}
      <figcaption aria-hidden="true" className="mt-2 text-sm text-slate-700">
        {label}.
      </figcaption>
      <details className="mt-3">
        <summary className="cursor-pointer rounded-md text-sm font-semibold text-blue-800 hover:text-blue-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700 focus-visible:ring-offset-2">
          Readers per day as a table
        </summary>
        <div className="mt-3 max-h-80 overflow-y-auto">
          <Table label="Readers per day">
            <THead>
              <Tr>
                <Th>Day</Th>
                <Th className="text-right">Readers</Th>
              </Tr>
            </THead>
            <TBody>
              {[...days].reverse().map((day) => (
                <Tr key={day.day}>
                  <Td>
                    <time dateTime={day.day}>{formatLongDay(day.day)}</time>
                  </Td>
                  <Td className="text-right tabular-nums">{day.views}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
