/**
 * What a property spec takes its `test` from: everything a spec gets from conformance-test.ts, and the property
 * runner with its budget, so that a property imports this, its arbitraries and the checks it judges with.
 */
export * from '../../fixtures/conformance-test.ts'
export { propertyDetails, runProperty } from './run-property.ts'
