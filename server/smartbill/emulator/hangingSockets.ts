/**
 * Connections the emulator holds open without answering (the time-out fault). Closing the app
 * destroys them, and a request that starts hanging after closing began is dropped at once:
 * otherwise the server's close would wait for the keep-alive time-out.
 */
import type { Socket } from "node:net";

export class HangingSockets {
  private sockets = new Set<Socket>();
  private closed = false;

  hold(socket: Socket, maxMs: number): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    setTimeout(() => socket.destroy(), maxMs).unref();
  }

  closeAll(): void {
    this.closed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
}
