import { Body, Delete, Get, Param, ParseIntPipe, Post, Put, Res, type Type } from '@nestjs/common';
import { resourceOf } from './admin-resource';
import { listAnswer, ListOptions, ListParams, SearchRequest, searchRequest, SimpleRestList } from './list-query';

/** The response listAnswer sets Content-Range on (whatever the HTTP adapter calls it). */
type ListResponse = Parameters<typeof listAnswer>[0];

/** What a plain back-office resource's service does: list (searchable by `q` and ids), read, create, update and delete by id. */
export interface CrudService<K extends string, C, U = C> {
  list(request: SearchRequest<K>): Promise<{ rows: unknown[]; total: number }>;
  get(id: number): Promise<unknown>;
  create(input: C): Promise<unknown>;
  update(id: number, input: U): Promise<unknown>;
  remove(id: number): Promise<unknown>;
}

/** AdminCrud's options: how the list parses (as `@SimpleRestList` takes them) and the bodies of POST and PUT. */
export interface CrudOptions<K extends string, C, U> extends ListOptions<K> {
  create: Type<C>;
  update: Type<U>;
}

/**
 * A plain back-office resource in ra-data-simple-rest conventions: `GET /` (a page, with Content-Range), `GET /:id`,
 * `POST /`, `PUT /:id` and `DELETE /:id`, each handed to the controller's `service` as it is. The controller, declared
 * with `@AdminResource(name)`, extends `AdminCrud(options)` and gives the service (adapted where bodies and service differ).
 */
export function AdminCrud<K extends string, C extends object, U extends object = C>(options: CrudOptions<K, C, U>) {
  abstract class AdminCrudController {
    protected abstract readonly service: CrudService<K, C, U>;

    @Get()
    async list(@SimpleRestList(options) p: ListParams<K>, @Res({ passthrough: true }) res: ListResponse) {
      return listAnswer(res, resourceOf(this.constructor), p, await this.service.list(searchRequest(p)));
    }

    @Get(':id')
    get(@Param('id', ParseIntPipe) id: number) {
      return this.service.get(id);
    }

    @Post()
    create(@Body() body: C) {
      return this.service.create(body);
    }

    @Put(':id')
    update(@Param('id', ParseIntPipe) id: number, @Body() body: U) {
      return this.service.update(id, body);
    }

    @Delete(':id')
    remove(@Param('id', ParseIntPipe) id: number) {
      return this.service.remove(id);
    }
  }
  // A type parameter leaves no class behind for a body, so name them here: the validation pipe and the OpenAPI document
  // read a handler's parameter types from this metadata, as TypeScript emits it for a concrete handler.
  Reflect.defineMetadata('design:paramtypes', [options.create], AdminCrudController.prototype, 'create');
  Reflect.defineMetadata('design:paramtypes', [Number, options.update], AdminCrudController.prototype, 'update');
  return AdminCrudController;
}
