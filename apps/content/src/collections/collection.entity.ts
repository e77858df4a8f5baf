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

  /** Order among the collections of its parent: a fractional key (`position.ts`). */
  @Column({ type: 'text', collation: 'C' })
  position: string;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;
}
