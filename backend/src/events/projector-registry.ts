import { Injectable } from '@nestjs/common';
import type { Projector } from './projector';

/** The read models this deployment builds; feature modules register theirs at start-up. */
@Injectable()
export class ProjectorRegistry {
  private readonly projectors = new Map<string, Projector>();

  register(projector: Projector): void {
    if (this.projectors.has(projector.name)) throw new Error(`Projector ${projector.name} is registered twice`);
    this.projectors.set(projector.name, projector);
  }

  all(): Projector[] {
    return [...this.projectors.values()];
  }

  get(name: string): Projector | undefined {
    return this.projectors.get(name);
  }
}
