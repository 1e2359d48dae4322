import type { Metadata } from 'next';
import { ToolkitDetail } from '@/components/toolkits/toolkit-detail';

export async function generateMetadata({ params }: { params: Promise<{ slug: string }> }): Promise<Metadata> {
  return { title: (await params).slug };
}

export default async function ToolkitPage({ params }: { params: Promise<{ slug: string }> }) {
  return <ToolkitDetail slug={(await params).slug} />;
}
