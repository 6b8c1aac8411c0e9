import { describe, expect, it } from 'vitest'
import type { TableInfo } from '../../src/datasets/info/info.js'
import { infoViews } from '../../src/datasets/info/render.js'
import { PLAN_SOURCES } from '../../src/datasets/plans/sources/index.js'
import { sourceCodes, sourceLegend, sourceNames } from '../../src/datasets/source-names.js'
import { SOURCES } from '../../src/datasets/sources/index.js'

describe('the one table of source names', () => {
  it('names every source the builders read, with the same repository', () => {
    const names = sourceNames().sources
    for (const s of [...SOURCES, ...PLAN_SOURCES]) {
      expect(names[s.id], s.id).toBeDefined()
      expect(names[s.id]?.repo, s.id).toBe(s.repo)
    }
  })
  it('reads the codes out of a source cell, whatever else the cell holds', () => {
    const codes = (cell: string) => sourceCodes(cell).map((s) => s.code)
    expect(codes('LG')).toEqual(['LG'])
    expect(codes('score_ranks:LG; score_lines:GP,IM')).toEqual(['LG', 'GP', 'IM'])
    expect(codes('LG+IM+CG')).toEqual(['LG', 'IM', 'CG'])
    expect(codes('employment-synth/1 seed=20260611 + TK + FX')).toEqual(['employment-synth/1', 'TK', 'FX'])
    expect(codes('P-XZ1, P-XZ2, R-XZ')).toEqual(['P-<省><序号>', 'R-<省>'])
    expect(codes('GP cli/data/datasets/zhiyuan-calendar-2026.json')).toEqual(['GP'])
    expect(codes('G(factcheck cites tj.bendibao 2025)')).toEqual(['G'])
  })
  it('gives one legend line per code, in the order first named', () => {
    expect(sourceLegend(['LG', 'LG+GA', 'GA'])).toEqual([
      'LG = 志愿填报网站的发布数据 (一分一段, 录取分, 计划, 批次线; 多注明考试院或高校官网出处) (liuguanghui0226/gaokao-zhiyuan-site)',
      'GA = 广东一分一段与专业录取数据 (insensible104/GaokaoAgent)',
    ])
  })
})

describe('datasets info names its source codes in full', () => {
  it('puts a legend of the codes the table shows under it', () => {
    const table = (name: string, sources: string[]): TableInfo => ({
      table: name,
      present: true,
      problem: null,
      rows: 10,
      columns: 3,
      schema: true,
      years: { min: 2025, max: 2025 },
      provinces: 1,
      perYear: [],
      provenance: null,
      sources: sources.map((source) => ({ source, rows: 5, share: 0.5 })),
      rankDerived: null,
    })
    const [view] = infoViews({
      datasets: '/d',
      synth: null,
      manifestProblem: null,
      tables: [table('score_ranks', ['LG', 'IM']), table('employment', ['employment-synth/1 seed=1 + TK'])],
    })
    expect(view?.rows.map((r) => r[7])).toEqual([
      'LG 50.0%, IM 50.0%',
      'employment-synth/1 seed=1 + TK 50.0%',
    ])
    const footer = (view?.footer ?? '').split('\n')
    expect(footer[0]).toBe('来源代码:')
    expect(footer.slice(1).map((l) => l.trim().split(' = ')[0])).toEqual([
      'LG',
      'IM',
      'employment-synth/1',
      'TK',
    ])
    expect(footer[3]).toContain('合成数据')
  })
})
