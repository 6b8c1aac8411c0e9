/** Display formats of the spec's string-typed figures. */

/** `95.5%`, `99%`: one decimal at most, no trailing `.0` (SPEC 2.19: "like 99%", "like 98.5%"). */
export const percent = (value: number): string => `${Math.round(value * 10) / 10}%`

/** `¥6500`: the currency symbol followed by the whole amount (SPEC 2.16 `initial_salary`). */
export const yuan = (value: number): string => `¥${Math.round(value)}`

/** SPEC 3 / 2.19 trend between two yearly values. */
export const trendOf = (current: number, previous: number | undefined): '上升' | '下降' | '持平' =>
  previous === undefined || Math.round(current * 10) === Math.round(previous * 10)
    ? '持平'
    : current > previous
      ? '上升'
      : '下降'
