import SlSpinner from '@shoelace-style/shoelace/dist/react/spinner/index.js';

/** A page while its session check or its code is on the way. */
export function PageLoading() {
  return (
    <div className="care-page care-centered" aria-busy="true">
      <SlSpinner aria-label="Loading" className="care-boot-spinner" />
    </div>
  );
}
