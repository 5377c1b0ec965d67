import { Body, Controller, Delete, Get, Header, Inject, Param, ParseIntPipe, Post, Put, Query, UseInterceptors } from '@nestjs/common';
import { ApiConsumes, ApiTags } from '@nestjs/swagger';
import { MAX_PRODUCT_IMAGES } from '@kasuwa/contracts';
import { Actor, AnyAuth, CurrentActor, OptionalUserAuth, Public, UserAuth } from '../../common/auth.decorators';
import type { UploadedImage } from '../storage/image.service';
import { photoUploads, UploadedFiles } from '../storage/photo-uploads';
import { CreateProductDto, PriceHintQueryDto, ProductQueryDto, UpdateProductDto } from './dto/product.dto';
import { SimilarListingsService } from './similar-listings.service';
import { SEARCH_ENGINE, type SearchEngine } from './search-engine';
import { ProductsService } from './products.service';
import { AdminArea } from '../../common/admin-resource';
import { RequireVerified } from '../../common/verified.guard';

/** One request never carries more than MAX_PRODUCT_IMAGES new photos (the service also counts the photos an edit keeps). */
const uploads = () => photoUploads('productImages', MAX_PRODUCT_IMAGES, `A listing can have at most ${MAX_PRODUCT_IMAGES} images`);

/** The product's product calls. Writes accept a user token (own listings) or an admin token (any listing). */
@ApiTags('products')
@AdminArea('products')
@Controller('products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    @Inject(SEARCH_ENGINE) private readonly search: SearchEngine,
    private readonly similarListings: SimilarListingsService,
  ) {}

  @Get()
  @Public()
  list(@Query() q: ProductQueryDto) {
    return this.search.search(q);
  }

  @Get('user/in')
  @UserAuth()
  async mine(@CurrentActor() actor: Actor) {
    return { data: await this.products.bySeller(actor.id, true, 500) };
  }

  /** The delivery options a new listing's form starts from: the signed-in seller's latest listing's, else the product's. */
  @Get('delivery-defaults')
  @UserAuth()
  async deliveryDefaults(@CurrentActor() actor: Actor) {
    return { data: await this.products.deliveryDefaults(actor.id) };
  }

  /** The fair-price hint for a category in a state (the product page and the sell form): anyone may ask; shared caches may keep it a minute. */
  @Get('price-hint')
  @Public()
  @Header('Cache-Control', 'public, max-age=60')
  priceHint(@Query() q: PriceHintQueryDto) {
    return this.similarListings.priceHint(q.categoryId, q.stateId);
  }

  /** Up to 8 listings like this one, and its price hint: public like the listing's page, and cached like its reads. */
  @Get(':id/similar')
  @Public()
  @Header('Cache-Control', 'public, max-age=60')
  similar(@Param('id', ParseIntPipe) id: number) {
    return this.similarListings.similar(id);
  }

  @Get('user/:id')
  @Public()
  async bySeller(@Param('id', ParseIntPipe) id: number) {
    return { success: true, data: await this.products.bySeller(id, false) };
  }

  @Get(':id')
  @OptionalUserAuth()
  async get(@Param('id', ParseIntPipe) id: number, @CurrentActor() viewer?: Actor) {
    return { success: true, data: await this.products.getVisible(id, viewer) };
  }

  @Post()
  @AnyAuth()
  @RequireVerified('email', 'phone')
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(uploads())
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateProductDto, @UploadedFiles() files: UploadedImage[] = []) {
    return { success: true, message: 'Product posted successfully', data: await this.products.create(actor, dto, files) };
  }

  @Put('edit/:id')
  @AnyAuth()
  @ApiConsumes('multipart/form-data')
  @UseInterceptors(uploads())
  async update(
    @CurrentActor() actor: Actor,
    @Param('id', ParseIntPipe) id: number,
    @Body() dto: UpdateProductDto,
    @UploadedFiles() files: UploadedImage[] = [],
  ) {
    return { success: true, message: 'Product updated successfully', data: await this.products.update(actor, id, dto, files) };
  }

  @Delete(':id')
  @AnyAuth()
  async remove(@CurrentActor() actor: Actor, @Param('id', ParseIntPipe) id: number) {
    const result = await this.products.remove(actor, id);
    return { success: true, message: result.deleted ? 'Product deleted' : 'Product withdrawn (it has orders)', data: result };
  }
}
