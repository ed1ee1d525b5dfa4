import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * How long each Playwright project took, from its first test's start to its last one's end (the projects run one
 * after another through their dependencies), and how many tests it ran: printed at the end and written as
 * "project<TAB>seconds<TAB>tests" lines for the stage table of scripts/test.js.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly spans = new Map<string, { from: number; to: number; tests: Set<string> }>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? "default";
    const from = result.startTime.getTime();
    const to = from + result.duration;
    const span = this.spans.get(project) ?? { from, to, tests: new Set<string>() };
    span.from = Math.min(span.from, from);
    span.to = Math.max(span.to, to);
    span.tests.add(test.id);
    this.spans.set(project, span);
  }

  onEnd(_result: FullResult): void {
    const rows = [...this.spans].map(([project, span]) => ({
      project,
      seconds: (span.to - span.from) / 1000,
      tests: span.tests.size,
    }));
    for (const row of rows)
      console.log(`e2e project ${row.project}: ${row.tests} tests in ${row.seconds.toFixed(0)} s`);
    const file = ".tmp/e2e-project-times.tsv";
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, rows.map((row) => `${row.project}\t${row.seconds}\t${row.tests}\n`).join(""));
  }
}
