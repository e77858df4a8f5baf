import type { DefaultLevel } from '@bindery/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'collections' })
export class CollectionEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text', { name: 'organization_id' })
  organizationId: string;

  @Column('text')
  title: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('text', { name: 'parent_id', nullable: true })
  parentId: string | null;

  @Column('text', { name: 'default_level' })
  defaultLevel: DefaultLevel;

  @Column('double precision')
  position: number;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
