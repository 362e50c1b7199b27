import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import { getPricingResources, getResource, listResources } from '../../../../contracts/catalog/catalog.contract';
import { KNOWN_RESOURCE_IDS, type Resource } from '../../../../contracts/catalog/resource';
import type { ServerFnOutput } from '../../../../contracts/server-fn';
import { UnavailableError } from '../../platform/common/app-error';
import { ServerFn } from '../../server-fn/server-fn.decorator';
import { redirectTo } from '../../server-fn/server-redirect';
import { CatalogListCache } from './catalog-list-cache';
import { ResourceNotFoundError } from './catalog.errors';
import { CatalogQueries, type CatalogList } from './catalog.queries';

@Injectable()
export class CatalogServerFns {
  /** One answer per kept list, so the same object goes out each time (and is checked against the contract once). */
  private readonly answers = new WeakMap<CatalogList, ServerFnOutput<typeof listResources>>();

  constructor(
    private readonly catalog: CatalogQueries,
    private readonly lists: CatalogListCache,
  ) {}

  /** From memory, mostly: the catalog changes rarely, and every process hears when it does. */
  @ServerFn(listResources)
  async listResources(input: z.output<typeof listResources.input>): Promise<ServerFnOutput<typeof listResources>> {
    const list = await this.lists.get(input, () => this.catalog.list(input));
    let answer = this.answers.get(list);
    if (!answer) this.answers.set(list, (answer = { resources: list.resources, total: list.resources.length, countsByType: list.countsByType }));
    return answer;
  }

  /** An id that is not the slug (compared trimmed, case-insensitive) redirects, permanently, to the slug. */
  @ServerFn(getResource)
  async getResource({ resourceId }: z.output<typeof getResource.input>): Promise<Resource> {
    const resource = await this.catalog.findByIdOrSlug(resourceId);
    if (!resource) throw new ResourceNotFoundError(resourceId);
    if (resourceId.trim().toLowerCase() !== resource.slug.toLowerCase()) {
      throw redirectTo(`/resources/${encodeURIComponent(resource.slug)}`, { statusCode: 301 });
    }
    return resource;
  }

  @ServerFn(getPricingResources)
  async getPricingResources(): Promise<ServerFnOutput<typeof getPricingResources>> {
    const ids = [
      KNOWN_RESOURCE_IDS.starterMonthly,
      KNOWN_RESOURCE_IDS.proMonthly,
      KNOWN_RESOURCE_IDS.lifetimeLicense,
      KNOWN_RESOURCE_IDS.starterAnnual,
      KNOWN_RESOURCE_IDS.proAnnual,
    ];
    const [plans, creditPacks] = await Promise.all([this.catalog.findByIds(ids), this.catalog.findByType('api_credits')]);
    const byId = new Map(plans.map((plan) => [plan.id, plan]));
    const pick = (id: string) => {
      const plan = byId.get(id);
      if (!plan) throw new UnavailableError('Pricing is being updated; please try again in a minute.');
      return plan;
    };
    return {
      starterMonthly: pick(KNOWN_RESOURCE_IDS.starterMonthly),
      proMonthly: pick(KNOWN_RESOURCE_IDS.proMonthly),
      lifetimeLicense: pick(KNOWN_RESOURCE_IDS.lifetimeLicense),
      starterAnnual: byId.get(KNOWN_RESOURCE_IDS.starterAnnual) ?? null,
      proAnnual: byId.get(KNOWN_RESOURCE_IDS.proAnnual) ?? null,
      creditPacks,
    };
  }
}
