/**
 * Runs the clean-up (maintenance/cleanUp.ts) every CLEANUP_INTERVAL_SECONDS in every process;
 * the pass itself makes sure only one process of a fleet works at a time. The first pass comes
 * one interval after start, not at start: a fleet restarting together would otherwise all try
 * at once, and nothing expired is urgent. A failed pass is logged and tried at the next interval.
 */
import fp from "fastify-plugin";
import { cleanUp } from "../maintenance/cleanUp";

export const cleanUpPlugin = fp(
  async (app) => {
    const { cleanUpIntervalSeconds, loginThrottle, auditRetentionDays } = app.config;
    if (cleanUpIntervalSeconds === 0) return;
    let running: Promise<void> | undefined;
    const pass = async () => {
      try {
        const removed = await cleanUp(app.db, { throttleWindowSeconds: loginThrottle.windowSeconds, auditRetentionDays });
        if (removed) app.log.info({ removed }, "clean-up done");
      } catch (error) {
        app.log.error({ err: error }, "clean-up failed");
      }
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      timer = setInterval(() => {
        running ??= pass().finally(() => (running = undefined));
      }, cleanUpIntervalSeconds * 1000);
      timer.unref();
    });
    // Before the database closes (onClose): stop the timer and let a pass under way end.
    app.addHook("preClose", async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: "cleanUp", dependencies: ["db"] },
);
