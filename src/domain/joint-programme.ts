/**
 * A name or label of a 中外合作办学 programme (会计学(中外合作办学), 07专业组(中外合作办学), 与法国索邦大学合作办学):
 * its fees are many times a public major's (68,000-160,000 元 a year in 江苏 2026). The datasets keep it in the
 * major's name (plans README); smart-match's public-only preference leaves such programmes out.
 */
export const JOINT_PROGRAMME = /中外合作|合作办学/u
