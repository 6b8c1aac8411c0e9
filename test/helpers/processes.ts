/** Whether a process is still running (signal 0 asks without sending anything). */
export const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
