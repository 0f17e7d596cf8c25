/** Custom resources defined by CRDs at test time, used through fabric8 and the Java Operator SDK against the in-process server. */
package dev.customapiserver.testkit.crd;
