// Test helper process: appends feedback records in a loop through the compiled store and prints
// `ack <writer> <n>` after each append has returned (i.e. after fsync). Usage: node feedback-writer.mjs <dir> <writer> <count>
import { FeedbackStore } from '../../dist/store/feedback.js'

const [dir, writer, count] = process.argv.slice(2)
const store = new FeedbackStore(dir)
const limit = Number(count)
for (let n = 0; limit <= 0 || n < limit; n++) {
  store.submit({
    feedback_type: 1,
    content: `${writer} 第${n}条 ${'反馈'.repeat(50)}`,
    contact: `${writer}@example.com`,
    page_title: String(n),
  })
  process.stdout.write(`ack ${writer} ${n}\n`)
}
