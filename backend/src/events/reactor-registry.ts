import { Injectable } from '@nestjs/common';
import type { Reactor } from './reactor';

/** The reactors this deployment runs; feature modules register theirs at start-up. */
@Injectable()
export class ReactorRegistry {
  private readonly reactors = new Map<string, Reactor>();

  register(reactor: Reactor): void {
    if (this.reactors.has(reactor.name)) throw new Error(`Reactor ${reactor.name} is registered twice`);
    this.reactors.set(reactor.name, reactor);
  }

  all(): Reactor[] {
    return [...this.reactors.values()];
  }
}
