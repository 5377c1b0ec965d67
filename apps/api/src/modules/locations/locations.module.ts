import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LocationCity, LocationLga, LocationState } from './entities/location.entity';
import { LocationsController } from './locations.controller';
import { LocationsService } from './locations.service';

/** Nigerian states and cities (docs/delivery.md: Location). */
@Module({
  imports: [TypeOrmModule.forFeature([LocationState, LocationCity, LocationLga])],
  controllers: [LocationsController],
  providers: [LocationsService],
  exports: [LocationsService],
})
export class LocationsModule {}
