import type { Metadata } from 'next';
import { ToolDetail } from '@/components/toolkits/tool-detail';

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  return { title: (await params).slug };
}

export default async function ToolPage({ params }: { params: Promise<{ slug: string }> }) {
  return <ToolDetail slug={(await params).slug} />;
}
