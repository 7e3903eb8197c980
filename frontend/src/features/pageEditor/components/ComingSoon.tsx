/** The Images and Files tabs until their tools arrive. */
export function ComingSoon({ feature }: { feature: 'Images' | 'Files' }) {
  const what = feature === 'Images' ? 'images' : 'file attachments';
  return (
    <div className="coming-soon">
      <p className="coming-soon__title">{feature} are coming soon</p>
      <p>Adding and arranging {what} for this page will be available here in a later version.</p>
    </div>
  );
}
