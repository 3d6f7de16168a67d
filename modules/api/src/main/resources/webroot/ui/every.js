// A task run now and then every few seconds while a view is on screen.

export class Every {
  constructor(ms, task) {
    this.ms = ms;
    this.task = task;
    this.timer = null;
  }

  /** Runs the task now (unless later) and then every ms milliseconds, until stop. */
  start(now = true) {
    this.stop();
    if (now) {
      this.task();
    }
    this.timer = setInterval(() => this.task(), this.ms);
  }

  stop() {
    if (this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
